import { describe, expect, it } from 'vitest';
import type { RecordSink } from '../../modules/telemetry/ingestor';
import { DevicePeer } from '../../../test/support/teltonika-peer';
import { startTeltonikaServer } from './server';

const unused = (): never => {
  throw new Error('not reached');
};
const sink: RecordSink = { submit: unused, idle: async () => undefined, connected: () => undefined, replayDue: async () => 0 };

describe('the Teltonika TCP server when its database fails', () => {
  it('closes the connection of a device whose IMEI lookup throws, and the process carries on (no unhandled rejection)', async () => {
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const warnings: object[] = [];
    const server = await startTeltonikaServer({
      host: '127.0.0.1',
      port: 0,
      lookup: async () => {
        throw new Error('database unavailable');
      },
      ingestor: sink,
      log: { info: () => undefined, warn: (obj) => warnings.push(obj) },
    });
    try {
      const device = await DevicePeer.connect(server.port);
      device.send('000f333536333037303432343431303133');
      await device.whenClosed();
      // Unhandled rejections are reported after the microtask queue drains: give it a turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(rejections).toEqual([]);
      expect(warnings).toContainEqual(expect.objectContaining({ reason: 'SERVER_ERROR', detail: 'database unavailable' }));
    } finally {
      process.off('unhandledRejection', onRejection);
      await server.close();
    }
  });
});
