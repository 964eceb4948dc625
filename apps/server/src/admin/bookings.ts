import { parseArgs } from 'node:util';
import { BOOKING_STATUSES, type BookingStatus } from '@tractorlink/domain/service-booking';
import type { BookingView, OperatorStatusRequest } from '@tractorlink/domain/service-booking-api';
import { operatorStatusRequest } from '@tractorlink/domain/service-booking-api';
import { AppError } from '../errors/app-error';
import type { DealerDesk } from '../modules/service-bookings/dealer-desk';

export const BOOKINGS_USAGE = `  npm run admin -- bookings list [--status <${BOOKING_STATUSES.join('|')}>] [--dealer <dealer id>]
  npm run admin -- bookings confirm <bookingId | reference>
  npm run admin -- bookings assign <bookingId | reference> --name <technician> --phone <10 digits>
  npm run admin -- bookings move <bookingId | reference> <on_the_way|in_progress|done>
  npm run admin -- bookings cancel <bookingId | reference> --reason <text>
                   Doorstep service bookings, moved as the dealer by the operator API's rules; the owner is
                   told by the running server within seconds. 'done' records the service at the tractor's hours.`;

interface Io {
  out: (line: string) => void;
  err: (line: string) => void;
}

const MOVES = ['on_the_way', 'in_progress', 'done'] as const;
const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function describe(b: BookingView): string {
  const who = b.technician ? `, technician ${b.technician.name} ${b.technician.phone}` : '';
  const pay = b.payment === 'free' ? 'free' : `${rupees(b.charge.totalPaise)} at the farm`;
  return `${b.referenceId} (${b.bookingId}) ${b.status}: ${b.type} for ${b.regNo} (${b.vin}) on ${b.date} ${b.slot}, ${b.dealer.name}${who}, ${pay}`;
}

/** `bookings list|confirm|assign|move|cancel`; resolves with the exit code (0 ok, 1 refused, 2 usage). */
export async function runBookings(args: readonly string[], desk: DealerDesk, io: Io): Promise<number> {
  const [sub, ...rest] = args;
  let parsed: {
    values: { status?: string | undefined; dealer?: string | undefined; name?: string | undefined; phone?: string | undefined; reason?: string | undefined };
    positionals: string[];
  };
  try {
    parsed = parseArgs({
      args: [...rest],
      options: { status: { type: 'string' }, dealer: { type: 'string' }, name: { type: 'string' }, phone: { type: 'string' }, reason: { type: 'string' } },
      strict: true,
      allowPositionals: true,
    });
  } catch (err) {
    io.err(`${err instanceof Error ? err.message : String(err)}\nUsage:\n${BOOKINGS_USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const usage = (problem: string) => {
    io.err(`${problem}\nUsage:\n${BOOKINGS_USAGE}`);
    return 2;
  };

  if (sub === 'list') {
    if (positionals.length > 0) return usage('list takes no booking');
    if (values.status !== undefined && !(BOOKING_STATUSES as readonly string[]).includes(values.status)) return usage(`unknown status ${values.status}`);
    const rows = await desk.list({ status: values.status as BookingStatus | undefined, dealer: values.dealer });
    for (const b of rows) io.out(describe(b));
    io.out(`${rows.length} booking${rows.length === 1 ? '' : 's'}.`);
    return 0;
  }

  const [ref, step, ...extra] = positionals;
  if (ref === undefined) return usage(sub === undefined ? 'which bookings command?' : `${sub} needs a booking id or reference`);
  let request: OperatorStatusRequest | undefined;
  if (sub === 'confirm' && step === undefined) request = { status: 'confirmed' };
  else if (sub === 'assign' && step === undefined) request = { status: 'assigned', technician: { name: values.name ?? '', phone: values.phone ?? '' } };
  else if (sub === 'move' && extra.length === 0 && (MOVES as readonly (string | undefined)[]).includes(step))
    request = { status: step as (typeof MOVES)[number] };
  else if (sub === 'cancel' && step === undefined) request = { status: 'cancelled', reason: values.reason ?? '' };
  if (!request) return usage(sub === 'move' ? `move to one of ${MOVES.join(', ')}` : `unknown bookings command ${sub ?? ''}`.trim());

  // The operator API's own checks (a 10-digit mobile, a reason), so both refuse the same things.
  const checked = operatorStatusRequest.safeParse(request);
  if (!checked.success) return usage(checked.error.issues.map((i) => `--${String(i.path.at(-1) ?? 'value')}: ${i.message}`).join('; '));
  try {
    io.out(describe(await desk.move(ref, checked.data)));
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      io.out(`refused: ${err.code === 'NOT_FOUND' ? `no booking ${ref}` : err.message} (${err.code})`);
      return 1;
    }
    throw err;
  }
}
