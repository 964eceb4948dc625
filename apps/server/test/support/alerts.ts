import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Reading } from '@tractorlink/domain/telemetry';
import type { Database } from '../../src/db/types';
import type { TractorProfile } from '../../src/modules/telemetry/processor';
import type { TractorRow } from '../../src/modules/tractors/repo';
import { parked, running } from './alert-rules';

// The rule tests' fixtures serve the API tests too: the same farm, noise and readings.
export { at, FARM, noise } from './alert-rules';

export const profileOf = (row: TractorRow): TractorProfile => ({ id: row.id, implementWidthM: row.implement_width_m, tankCapacityL: row.tank_capacity_l });

/** Feeds readings through the real ingestion path (group commit, rules in the transaction). */
export function ingest(app: FastifyInstance, tractor: TractorRow, readings: readonly Reading[]): Promise<number> {
  return app.services.telemetry.ingestor.submit(
    profileOf(tractor),
    readings.map((reading) => ({ reading })),
  );
}

/** `count` readings every `stepMs` from `start`. */
export function series(start: number, count: number, stepMs: number, make: (i: number) => Omit<Reading, 'time'>): Reading[] {
  return Array.from({ length: count }, (_, i) => ({ time: start + i * stepMs, ...make(i) }));
}

/** Alert type ids stored for a tractor, oldest first. */
export async function storedAlerts(db: Kysely<Database>, tractorId: string): Promise<string[]> {
  const rows = await db.selectFrom('alerts').select(['type_id']).where('tractor_id', '=', tractorId).orderBy('time_ms').orderBy('created_at').execute();
  return rows.map((r) => r.type_id);
}

/** The engine running, standing at the farm. */
export const engineOn = (extra: Omit<Reading, 'time'> = {}): Omit<Reading, 'time'> => running({ speedKmh: 0, satellites: 10, ...extra });

/** Parked at the farm with the ignition off. */
export const parkedOff = (extra: Omit<Reading, 'time'> = {}): Omit<Reading, 'time'> => parked({ satellites: 10, ...extra });

/** A tank sensor in %, with slosh, of a 60 L tank. */
export const tank = (litres: number, sloshPercent: number, rnd: () => number) => ({
  fuelPercent: Math.round(((litres / 60) * 100 + rnd() * sloshPercent) * 10) / 10,
});

/** A browser's push subscription keys, made as a browser makes them (P-256 ECDH pair + 16-byte auth secret). */
export function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

export interface PushRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A push service on a free local port: records each request and answers with what `reply` says. */
export async function fakePushService(reply: (req: PushRequest, n: number) => { status: number; headers?: Record<string, string> } = () => ({ status: 201 })) {
  const received: PushRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      const answer = reply(request, received.length);
      res.writeHead(answer.status, answer.headers ?? {}).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
