// The writer thread: owns a database connection of its own and runs the Ingestor (decoding,
// derivations, alert rules, the group commit), so the thread that serves HTTP and device sockets
// only checks frames and sends acknowledgements. See client.ts for the other side.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '../clock';
import { createDb } from '../db/database';
import { writerTurn } from '../db/write-turns';
import { DecodeError } from '../devices/teltonika/codec';
import { createAlertHook } from '../modules/alerts/hook';
import { AlertProfiles } from '../modules/alerts/profiles';
import { GeofenceWatch } from '../modules/geofences/watch';
import type { EncodedRecords } from '../modules/telemetry/ingestor';
import { createIngestor } from '../modules/telemetry/pipeline';
import { WIRE_DECODERS } from './decoders';
import type { FromWriter, ToWriter, WriterSettings } from './protocol';

const port = parentPort;
if (!port) throw new Error('writer/worker.ts runs as a worker thread');
const settings = workerData as WriterSettings;
if (settings.nice) lowerPriority(settings.nice);
const post = (message: FromWriter) => port.postMessage(message);

/**
 * This thread's niceness raised to `nice`: the thread serving HTTP and the device sockets wins a
 * contended core (on two cores the writer at full speed made owners' screens wait seconds behind
 * the other instance's ingestion and the database). Linux names a thread by its id, which
 * /proc/thread-self gives; elsewhere, or if refused, the thread keeps the process's priority.
 */
function lowerPriority(nice: number): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, nice);
  } catch {
    // not Linux, or not allowed: the default priority
  }
}

const db = createDb({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir });
const clock = systemClock;
const profiles = new AlertProfiles({ db: db.kysely, clock });
const geofences = new GeofenceWatch({ db: db.kysely, clock });
const ingestor = createIngestor(db, clock, {
  // SQLite writes one at a time: a batch waits while the main thread has a write waiting.
  turn: () => writerTurn(settings.mainWrites),
  alerts: createAlertHook(db.kysely, profiles, () => post({ t: 'alerts' }), geofences),
  log: {
    info: (obj, msg) => post({ t: 'log', level: 'info', obj, msg }),
    warn: (obj, msg) => post({ t: 'log', level: 'warn', obj, msg }),
  },
});

// Commits resolve a batch's submissions together: their results go back in one message.
let results: [number, number][] = [];
const committed = (id: number, count: number) => {
  if (results.length === 0) queueMicrotask(sendResults);
  results.push([id, count]);
};
function sendResults(): void {
  post({ t: 'committed', results });
  results = [];
}
const refused = (id: number, error: unknown) =>
  post({ t: 'refused', id, code: error instanceof DecodeError ? error.code : undefined, message: error instanceof Error ? error.message : String(error) });

/** Decoders' shared contexts (a device model's IO rules), each sent once. */
const shared = new Map<number, object>();

function wireRecords(m: Extract<ToWriter, { t: 'submit-wire' }>): EncodedRecords {
  const decoder = WIRE_DECODERS[m.decoder];
  const context = shared.get(m.shared);
  return {
    count: m.count,
    decode: () => {
      if (!decoder || !context) throw new Error(`no decoder '${m.decoder}' or its context`);
      return decoder(m.bytes, context);
    },
  };
}

async function answer(id: number, work: () => Promise<number>): Promise<void> {
  try {
    post({ t: 'answer', id, value: await work() });
  } catch (error) {
    post({ t: 'answer', id, value: 0, error: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (m: ToWriter) => {
  switch (m.t) {
    case 'submit':
    case 'submit-wire':
      ingestor.submit(m.profile, m.t === 'submit' ? m.records : wireRecords(m), { verify: m.verify }).then(
        (count) => committed(m.id, count),
        (error: unknown) => refused(m.id, error),
      );
      break;
    case 'shared':
      shared.set(m.shared, m.value);
      break;
    case 'connected':
      ingestor.connected(m.tractorId);
      break;
    case 'settings-changed':
      profiles.invalidate(m.tractorId);
      break;
    case 'geofences-changed':
      geofences.invalidate(m.tractorIds);
      break;
    case 'call':
      void answer(m.id, async () => {
        if (m.call === 'replayDue') return ingestor.replayDue(m.quietMs);
        await ingestor.idle();
        if (m.call === 'close') await db.close();
        return 0;
      });
      break;
  }
});
