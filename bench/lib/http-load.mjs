// The API as a phone calls it, for the benches: an owner registered through the local SMS inbox,
// and an open-loop load of authorised GETs.
import http from 'node:http';

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function api(url, path, { body, token, headers = {} } = {}) {
  const res = await fetch(`${url}/api/v1/${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return { json: await res.json(), headers: res.headers };
}

/** An owner through the real API (local SMS inbox), returning an access token. */
export async function owner(url, mobileNo = '9123400000') {
  await api(url, 'otp/send', { body: { mobileNo, purpose: 'register' } });
  const { json: inbox } = await api(url, `dev/sms-inbox?mobileNo=${mobileNo}`);
  const otp = /\b(\d{6})\b/.exec(inbox.messages.at(-1).text)[1];
  const { json: v } = await api(url, 'otp/verify', { body: { mobileNo, purpose: 'register', otp } });
  const { json: r } = await api(url, 'register', {
    body: { ticket: v.ticket, name: 'Bench Owner', birthDate: '1980-01-01', pin: '1234', deviceID: crypto.randomUUID(), rememberMe: true, acceptedTerms: true },
  });
  return r.access_token;
}

/** Open loop: a request every 1/rate s whatever the answers, for `seconds`; latencies in ms. */
export function load(url, paths, token, rate, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const latencies = [];
  let errors = 0;
  return new Promise((resolve) => {
    const total = rate * seconds;
    let sent = 0;
    let done = 0;
    const started = performance.now();
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
      for (; sent < due; sent++) {
        const t0 = performance.now();
        const req = http.get(`${url}${paths[sent % paths.length]}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            latencies.push(performance.now() - t0);
            if (++done === total) finish();
          });
        });
        req.on('error', () => {
          errors++;
          if (++done === total) finish();
        });
      }
      if (sent >= total) clearInterval(tick);
    }, 2);
    const finish = () => {
      agent.destroy();
      resolve({ latencies: latencies.sort((a, b) => a - b), errors, seconds: (performance.now() - started) / 1000 });
    };
  });
}

/**
 * Open loop at `rate` requests/s until `stopped` (a promise) settles; resolves once the requests
 * in flight have answered, with each request's send time (performance.now()) and latency in ms.
 */
export function loadUntil(url, paths, token, rate, stopped) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const samples = [];
  let errors = 0;
  let sent = 0;
  let done = 0;
  let stopping = false;
  return new Promise((resolve) => {
    const finish = () => {
      agent.destroy();
      resolve({ samples, errors });
    };
    const settled = () => {
      if (++done === sent && stopping) finish();
    };
    const started = performance.now();
    const tick = setInterval(() => {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; sent < due; ) {
        const at = performance.now();
        const req = http.get(`${url}${paths[sent % paths.length]}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode !== 200) errors++;
            samples.push({ at, ms: performance.now() - at });
            settled();
          });
        });
        sent++;
        req.on('error', () => {
          errors++;
          settled();
        });
      }
    }, 2);
    Promise.resolve(stopped).finally(() => {
      clearInterval(tick);
      stopping = true;
      if (done === sent) finish();
    });
  });
}
