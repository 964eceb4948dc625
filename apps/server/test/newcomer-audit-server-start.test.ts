import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DeviceClient } from '../src/sim/device-client';
import { dbTargets } from './support/db-targets';
import { freePort } from './support/free-port';
import { spawnServer } from './support/server-process';
import { workingRecord } from './support/teltonika-frames';
import { provisionTractor } from './support/tractors';

// `npm start` where a newcomer's machine is not ready for it: a DATA_DIR it cannot use, a database
// that does not answer, an address it does not have, a port in use. Each is one sentence saying what
// to change and exit code 1, never a stack trace; Ctrl-C stops it cleanly with nothing lost.
const dir = mkdtempSync(path.join(tmpdir(), 'tl-newcomer-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the server until it exits by itself; its exit code and what it wrote to stderr. */
async function startFails(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawnServer({ HOST: '127.0.0.1', PORT: String(await freePort()), DEVICE_TCP_PORT: '0', ...env }, ['ignore', 'ignore', 'pipe']);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, stderr };
}

const noStack = (stderr: string) => expect(stderr).not.toMatch(/\n\s+at /);

describe('npm start refuses to start, in one sentence', () => {
  it('when DATA_DIR is a file, or lies under one', { timeout: 60_000 }, async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    for (const dataDir of [file, path.join(file, 'data')]) {
      const { code, stderr } = await startFails({ DATA_DIR: dataDir });
      expect(stderr).toContain(`TractorLink did not start: DATA_DIR ${dataDir} is not a folder`);
      expect(stderr).toContain('Point DATA_DIR at a folder this user may write');
      noStack(stderr);
      expect(code).toBe(1);
    }
  });

  it('when the SQLite file in DATA_DIR is not a database', { timeout: 60_000 }, async () => {
    const dataDir = path.join(dir, 'not-a-database');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'tractorlink.db'), 'x'.repeat(4096));
    const { code, stderr } = await startFails({ DATA_DIR: dataDir });
    expect(stderr).toContain(`TractorLink did not start: the SQLite database ${path.join(dataDir, 'tractorlink.db')} could not be used (SQLITE_NOTADB`);
    noStack(stderr);
    expect(code).toBe(1);
  });

  it('when PostgreSQL at DATABASE_URL does not answer, naming it without its password', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const { code, stderr } = await startFails({ DATABASE_URL: `postgres://postgres:pa55word@127.0.0.1:${port}/tractorlink` });
    expect(stderr).toContain(`TractorLink did not start: PostgreSQL at 127.0.0.1:${port}/tractorlink (DATABASE_URL) does not answer: is it running?`);
    expect(stderr).toContain('npm run postgres');
    expect(stderr).not.toContain('pa55word');
    noStack(stderr);
    expect(code).toBe(1);
  });

  it('when HOST is not an address of this machine', { timeout: 60_000 }, async () => {
    const { code, stderr } = await startFails({ HOST: 'no-such-host.invalid', DATA_DIR: path.join(dir, 'host') });
    expect(stderr).toContain('TractorLink did not start: HOST no-such-host.invalid is not an address of this machine');
    noStack(stderr);
    expect(code).toBe(1);
  });

  it('when another program holds PORT, naming it and a free pair to use', { timeout: 60_000 }, async () => {
    const holder: Server = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as { port: number }).port;
    try {
      const { code, stderr } = await startFails({ PORT: String(port), DATA_DIR: path.join(dir, 'port') });
      expect(stderr).toContain(`TractorLink did not start: port ${port} (PORT, for the app and API) is already in use`);
      expect(stderr).toContain(`PORT=${port + 1} npm start`);
      noStack(stderr);
      expect(code).toBe(1);
    } finally {
      holder.close();
    }
  });
});

describe.each(dbTargets)('Ctrl-C on $name', (target) => {
  it('stops the server with exit code 0 while devices stream, every acknowledged record stored', { timeout: 120_000 }, async () => {
    const database = await target.open();
    try {
      const tractors = [];
      for (let d = 0; d < 4; d++) tractors.push(await provisionTractor(database.db.kysely));
      const devicePort = await freePort();
      const httpPort = await freePort();
      const server: ChildProcess = spawnServer(
        { HOST: '127.0.0.1', PORT: String(httpPort), DEVICE_TCP_PORT: String(devicePort), DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl },
        'ignore',
      );
      const exited = new Promise<number | null>((resolve) => server.once('exit', resolve));
      const clients = tractors.map((t) => new DeviceClient({ host: '127.0.0.1', port: devicePort, imei: t.imei, batch: 10, retryMs: 100 }));
      const start = Date.UTC(2026, 10, 20, 4, 0);
      clients.forEach((c, d) => c.enqueue(Array.from({ length: 400 }, (_, i) => workingRecord(start + i * 10_000, d))));
      const acked = () => clients.reduce((s, c) => s + c.stats.acknowledged, 0);
      while (acked() < 200) await new Promise((r) => setTimeout(r, 5));
      server.kill('SIGINT');
      expect(await exited).toBe(0);
      for (const c of clients) c.stop();
      const stored = await database.db.kysely
        .selectFrom('telemetry')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBeGreaterThanOrEqual(acked());
    } finally {
      await database.dispose();
    }
  });
});
