// Abuse figures (issue 11), on loopback only and bounded in count and time:
// 1. a device-port connection flood at 1.5x the global cap, with HTTP health latency measured throughout;
// 2. 200 parallel wrong PINs from 200 addresses (TRUST_PROXY) against one account, with the right PIN
//    among them: how many PINs the server checked, and whether the right one was confirmed;
// 3. the lockout sequence (wrong PINs, OTP sends and wrong reset codes from other addresses), then the
//    owner's own reset with a fresh OTP and a login.
import { createRequire } from 'node:module';
import http from 'node:http';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { root } from '../scripts/web-build.mjs';
import { freePort, startServer } from './lib/server.mjs';

const require = createRequire(join(root, 'apps/server/package.json'));
const Database = require('better-sqlite3');

const OPERATOR_KEY = 'bench-operator-key-0123456789abcdef';
const OWNER = { mobileNo: '9822012345', pin: '4826' };
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A provisioning record for the operator API; `n` makes its identifiers unique. */
const tractor = (n) => ({
  imei: `3563070424${String(n).padStart(5, '0')}`,
  vin: `MBNAAHTR1NL1${String(n).padStart(5, '0')}`,
  engineNo: `S326${String(n).padStart(5, '0')}`,
  regNo: `MH15BC${String(n).padStart(4, '0')}`,
  model: 'Arjun 605 DI',
  deviceModel: 'FMB130',
  implementWidthM: 2.1,
  tankCapacityL: 65,
  serviceIntervalH: 300,
  firstName: 'Sunita',
  lastName: 'Jadhav',
  mobileNo: OWNER.mobileNo,
  address: 'Gat no. 112, Ozar road',
  city: 'Pimpalgaon Baswant',
  pincode: '422209',
  state: 'Maharashtra',
  expiresOn: '2027-11-20',
});

async function post(url, path, body, headers = {}) {
  const res = await fetch(`${url}/api/v1/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: res.status, json };
}

/** The newest code the local SMS provider printed for `mobileNo` (its console inbox). */
function lastCode(server, mobileNo) {
  const spaced = `${mobileNo.slice(0, 5)} ${mobileNo.slice(5)}`;
  const blocks = server
    .output()
    .split('──── LOCAL SMS INBOX ──── to ')
    .filter((b) => b.startsWith(spaced));
  const code = /\b(\d{6})\b/.exec(blocks.at(-1) ?? '')?.[1];
  if (!code) throw new Error(`no code for ${mobileNo} in the server's console`);
  return code;
}

/** Registers the owner through the real API (from one address), returning their browser's deviceID. */
async function registerOwner(server, ip) {
  const h = { 'x-forwarded-for': ip };
  const sent = await post(server.url, 'otp/send', { mobileNo: OWNER.mobileNo, purpose: 'register' }, h);
  if (sent.status !== 200) throw new Error(`otp/send: ${JSON.stringify(sent.json)}`);
  const verified = await post(server.url, 'otp/verify', { mobileNo: OWNER.mobileNo, purpose: 'register', otp: lastCode(server, OWNER.mobileNo) }, h);
  const deviceID = crypto.randomUUID();
  const reg = await post(
    server.url,
    'register',
    { ticket: verified.json.ticket, name: 'Sunita Jadhav', birthDate: '1980-01-01', pin: OWNER.pin, deviceID, rememberMe: true, acceptedTerms: true },
    h,
  );
  if (reg.status !== 200) throw new Error(`register: ${JSON.stringify(reg.json)}`);
  return deviceID;
}

const pinFailures = (dataDir) => {
  const db = new Database(join(dataDir, 'tractorlink.db'), { readonly: true });
  try {
    return db.prepare('SELECT pin_failures AS n FROM users WHERE mobile_no = ?').get(OWNER.mobileNo)?.n;
  } finally {
    db.close();
  }
};

/** A Teltonika IMEI packet: 2-byte length then the ASCII IMEI. */
const imeiPacket = (imei) => Buffer.concat([Buffer.from([0, imei.length]), Buffer.from(imei, 'ascii')]);

/** Connects a device and answers its handshake byte (1 accepted, 0 refused), or 'closed' / 'error'. */
function handshake(port, imei) {
  return new Promise((resolve) => {
    const s = new Socket();
    const done = (v) => {
      s.destroy();
      resolve(v);
    };
    s.setTimeout(10_000, () => done('timeout'));
    s.once('data', (b) => done(b[0]));
    s.once('close', () => done('closed'));
    s.once('error', () => done('error'));
    s.connect({ port, host: '127.0.0.1' }, () => s.write(imeiPacket(imei)));
  });
}

/** Health answered over a fresh connection each time (no keep-alive: accepting must keep working). */
function healthOnce(url) {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const req = http.get(`${url}/api/v1/health`, { agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ ok: res.statusCode === 200, ms: performance.now() - t0 }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ ok: false, ms: performance.now() - t0 }));
  });
}

export async function connectionFlood({ cap = 8000, perIp = 100, holdSeconds = 10 } = {}) {
  const devicePort = await freePort();
  const server = await startServer({
    env: {
      DEMO_OWNER: 'false',
      DEVICE_TCP_PORT: String(devicePort),
      DEVICE_MAX_CONNECTIONS: String(cap),
      DEVICE_MAX_CONNECTIONS_PER_IP: String(perIp),
      OPERATOR_KEY,
    },
  });
  const sockets = [];
  try {
    const legit = tractor(1);
    const prov = await post(server.url, 'operator/tractors', legit, { 'x-operator-key': OPERATOR_KEY });
    if (prov.status >= 300) throw new Error(`provision: ${JSON.stringify(prov.json)}`);

    // Health sampled every 20 ms from before the flood until it is over.
    const samples = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        samples.push(await healthOnce(server.url));
        await sleep(20);
      }
    })();

    // 1.5x the cap, from as many loopback addresses as the per-IP cap needs (127.0.0.0/8 is all local).
    const wanted = Math.round(cap * 1.5);
    const perAddress = Math.max(1, Math.min(perIp, 200));
    const t0 = performance.now();
    let opened = 0;
    for (let i = 0; i < wanted; i += 500) {
      const wave = [];
      for (let j = i; j < Math.min(wanted, i + 500); j++) {
        const a = Math.floor(j / perAddress);
        const localAddress = `127.1.${Math.floor(a / 250)}.${(a % 250) + 1}`;
        wave.push(
          new Promise((resolve) => {
            const s = new Socket();
            s.on('error', () => resolve());
            s.connect({ port: devicePort, host: '127.0.0.1', localAddress }, () => {
              opened++;
              resolve();
            });
            sockets.push(s);
          }),
        );
      }
      await Promise.all(wave);
    }
    const floodMs = performance.now() - t0;
    await sleep(500); // let the server refuse what is past its cap
    const heldOpen = sockets.filter((s) => !s.destroyed && s.readyState === 'open').length;
    const duringFlood = await handshake(devicePort, legit.imei);
    await sleep(holdSeconds * 1000);
    for (const s of sockets) s.destroy();
    let afterFlood;
    for (let i = 0; i < 50 && afterFlood !== 1; i++) {
      afterFlood = await handshake(devicePort, legit.imei);
      if (afterFlood !== 1) await sleep(100);
    }
    sampling = false;
    await sampler;
    const latencies = samples
      .filter((s) => s.ok)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return {
      cap,
      perIp,
      attempted: wanted,
      connected: opened,
      heldOpenAfterRefusals: heldOpen,
      floodSeconds: Number((floodMs / 1000).toFixed(1)),
      health: {
        samples: samples.length,
        failed: samples.filter((s) => !s.ok).length,
        p50: percentile(latencies, 50),
        p99: percentile(latencies, 99),
        max: latencies.at(-1) ?? NaN,
      },
      legitimateDuringFlood: duringFlood,
      legitimateAfterFlood: afterFlood,
    };
  } finally {
    for (const s of sockets) s.destroy();
    await server.stop();
  }
}

/** A server with TRUST_PROXY and a registered owner. */
async function ownerServer() {
  const server = await startServer({
    env: { NODE_ENV: 'development', SMS_PROVIDER: 'local', DEMO_OWNER: 'false', TRUST_PROXY: 'true', DEVICE_TCP_PORT: 'off' },
  });
  const deviceID = await registerOwner(server, '10.9.9.9');
  return { server, deviceID };
}

export async function parallelWrongPins({ attempts = 200 } = {}) {
  const { server, deviceID } = await ownerServer();
  try {
    const rightAt = Math.floor(attempts / 2);
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        post(
          server.url,
          'login',
          { userName: OWNER.mobileNo, password: i === rightAt ? OWNER.pin : String(1000 + i), deviceID, rememberMe: false },
          { 'x-forwarded-for': `10.${Math.floor(i / 250)}.${i % 250}.1` },
        ),
      ),
    );
    const codes = {};
    for (const a of answers) {
      const code = a.status === 200 ? 'OK' : (a.json?.error?.code ?? String(a.status));
      codes[code] = (codes[code] ?? 0) + 1;
    }
    return {
      attempts,
      pinsChecked: pinFailures(server.dataDir) + (answers[rightAt].status === 200 ? 1 : 0),
      rightPinConfirmed: answers[rightAt].status === 200,
      rightPinAnswer: answers[rightAt].json?.error?.code ?? 'OK',
      answers: codes,
    };
  } finally {
    await server.stop();
  }
}

export async function lockoutThenRecovery() {
  const { server } = await ownerServer();
  try {
    const attacker = (i) => ({ 'x-forwarded-for': `10.66.${Math.floor(i / 250)}.${(i % 250) + 1}` });
    // The attack: parallel wrong PINs to block PIN login, reset codes asked for, wrong reset codes sent.
    const wrong = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post(server.url, 'login', { userName: OWNER.mobileNo, password: String(5000 + i), deviceID: crypto.randomUUID(), rememberMe: false }, attacker(i)),
      ),
    );
    const blocked = wrong.some((a) => a.json?.error?.code === 'PIN_BLOCKED');
    const sends = [];
    for (let i = 0; i < 4; i++)
      sends.push((await post(server.url, 'otp/send', { mobileNo: OWNER.mobileNo, purpose: 'reset' }, attacker(100 + i))).json?.error?.code ?? 'SENT');
    const guesses = [];
    for (let i = 0; i < 6; i++)
      guesses.push(
        (await post(server.url, 'otp/verify', { mobileNo: OWNER.mobileNo, purpose: 'reset', otp: String(100000 + i) }, attacker(200 + i))).json?.error?.code ??
          'VERIFIED',
      );

    // The owner, on their own phone and address: asks for a code, enters it, sets a new PIN, logs in.
    const mine = { 'x-forwarded-for': '10.9.9.9' };
    const t0 = performance.now();
    const sent = await post(server.url, 'otp/send', { mobileNo: OWNER.mobileNo, purpose: 'reset' }, mine);
    let recovered = false;
    let why = sent.json?.error?.code;
    if (sent.status === 200) {
      const verified = await post(server.url, 'otp/verify', { mobileNo: OWNER.mobileNo, purpose: 'reset', otp: lastCode(server, OWNER.mobileNo) }, mine);
      why = verified.json?.error?.code;
      if (verified.status === 200) {
        const deviceID = crypto.randomUUID();
        const created = await post(server.url, 'createpin', { ticket: verified.json.ticket, pin: '7391', deviceID }, mine);
        why = created.json?.error?.code;
        if (created.status === 200) {
          const login = await post(server.url, 'login', { userName: OWNER.mobileNo, password: '7391', deviceID, rememberMe: false }, mine);
          why = login.json?.error?.code;
          recovered = login.status === 200;
        }
      }
    }
    return {
      pinBlockedByAttack: blocked,
      attackerSends: sends,
      attackerGuesses: guesses,
      ownerRecovered: recovered,
      ownerRecoveryMs: Math.round(performance.now() - t0),
      failedAt: recovered ? undefined : why,
    };
  } finally {
    await server.stop();
  }
}
