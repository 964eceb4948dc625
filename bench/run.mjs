#!/usr/bin/env node
// `npm run bench`: prints figures for the budgets in the issues, each beside a baseline measured
// in the same run where one fits, and writes them to bench/results/latest.json. Not a test:
// budgets are judged by reading the figures (BENCHMARKS.md keeps the history).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureWebBuilt, root } from '../scripts/web-build.mjs';
import { ensureServerBuilt } from '../scripts/server-build.mjs';
import { startServer } from './lib/server.mjs';
import { connectionFlood, lockoutThenRecovery, parallelWrongPins } from './abuse.mjs';
import { clusterFigures } from './cluster.mjs';
import { ingestionFigures } from './ingest.mjs';
import { scaleFigures } from './scale.mjs';
import { slowFigures } from './slow.mjs';
import { lighthouseScores, loginScriptBytes, signedInProfile } from './web-login.mjs';

const only = process.argv.slice(2);
const wanted = (name) => only.length === 0 || only.includes(name);
const rows = [];
const results = { at: new Date().toISOString(), node: process.version };
const row = (what, figure, budget, baseline = '') => {
  rows.push({ what, figure, budget, baseline });
  console.log(`  ${what}: ${figure}${baseline ? `  (baseline: ${baseline})` : ''}  [budget ${budget}]`);
};
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

ensureWebBuilt();

if (wanted('startup')) {
  console.log('== start to first /api/v1/health');
  // Baselines: bare Node, the floor under any server start; and the same server run through the
  // TypeScript loader, as it was before `npm start` ran the bundle.
  const t0 = performance.now();
  spawnSync(process.execPath, ['-e', ''], { cwd: root });
  const baselineMs = performance.now() - t0;
  const throughTsx = await startServer({ nodeArgs: ['--import', 'tsx'], entry: join(root, 'apps/server/src/server.ts') });
  await throughTsx.stop();
  const first = await startServer();
  await first.stop({ keepData: true });
  const again = await startServer({ dataDir: first.dataDir });
  await again.stop();
  results.startup = {
    emptyDbMs: Math.round(first.ms),
    existingDbMs: Math.round(again.ms),
    bareNodeMs: Math.round(baselineMs),
    throughTsxMs: Math.round(throughTsx.ms),
    idleRssMb: first.idleRssMb,
    throughTsxIdleRssMb: throughTsx.idleRssMb,
  };
  row(
    'start → healthy, empty database (migrations + demo owner)',
    `${Math.round(first.ms)} ms`,
    '≤ 5000 ms',
    `bare node ${Math.round(baselineMs)} ms; through the tsx loader instead of the bundle ${Math.round(throughTsx.ms)} ms`,
  );
  row('idle server RSS just after start', `${first.idleRssMb} MB`, '—', `through the tsx loader ${throughTsx.idleRssMb} MB`);
  row('start → healthy, existing database', `${Math.round(again.ms)} ms`, '≤ 5000 ms');
}

if (wanted('login')) {
  console.log('== login screen');
  const server = await startServer();
  try {
    const js = await loginScriptBytes(server.url);
    results.loginScripts = js;
    row('JS to show the login screen (gzip -9 of each file)', kb(js.gzip), '≤ 120 KB', `${kb(js.raw)} uncompressed, ${js.files.length} files`);
    row('JS bytes on the wire for the login screen (brotli as served)', kb(js.wire), '≤ 120 KB');
    const lh = await lighthouseScores(`${server.url}/#/login`);
    results.lighthouseLogin = lh;
    row('Lighthouse mobile, login: performance', String(lh.performance), '≥ 95', `FCP ${lh.fcpMs} ms, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms`);
    row('Lighthouse mobile, login: accessibility', String(lh.accessibility), '= 100', lh.failedAudits.join(', '));
    row('Lighthouse mobile, login: best practices', String(lh.bestPractices), '≥ 95');
  } finally {
    await server.stop();
  }
}

if (wanted('home')) {
  console.log('== home tab after login, with the demo fleet');
  const server = await startServer({
    env: { NODE_ENV: 'development', SMS_PROVIDER: 'local', SIMULATE_FLEET: 'true', SIMULATE_FLEET_DAYS: '3', DEVICE_TCP_PORT: '0' },
  });
  try {
    const out = spawnSync(process.execPath, [join(root, 'apps/web/tools/home-js-size.mjs'), server.url], { cwd: root, encoding: 'utf8' });
    const totals = [...out.stdout.matchAll(/([\d.]+) KB {2}total gzipped JS to the home tab \((.+)\)/g)].map((m) => ({ kb: Number(m[1]), path: m[2] }));
    if (totals.length < 2) throw new Error(`home-js-size failed:\n${out.stdout}\n${out.stderr}`);
    results.homeScripts = totals;
    const [first, ordinary] = totals;
    row(
      'JS to show the home tab, ordinary login on a bound phone (gzip)',
      `${ordinary.kb} KB`,
      '≤ 170 KB',
      out.status === 0 ? 'no map, chart or calendar chunk on home' : 'a heavy chunk loaded on home!',
    );
    row('JS to show the home tab, first login with the OTP binding (gzip)', `${first.kb} KB`, '≤ 170 KB', 'the OTP screens come too');
    const renewal = /([\d.]+) KB {2}renewal page JS beyond the home tab/.exec(out.stdout);
    if (!renewal) throw new Error(`home-js-size printed no renewal figure:\n${out.stdout}`);
    results.renewalScripts = Number(renewal[1]);
    row('JS the renewal page adds beyond the shell and home (gzip)', `${renewal[1]} KB`, '≤ 40 KB', 'the subscription screens and their words');
    results.serviceRoutes = {};
    for (const m of out.stdout.matchAll(/([\d.]+) KB {2}(\S+) route JS beyond the home tab/g)) {
      results.serviceRoutes[m[2]] = Number(m[1]);
      row(`JS the ${m[2]} route adds beyond the shell and home (gzip)`, `${m[1]} KB`, '≤ 30 KB', 'its screen, the services words and shared parts');
    }
  } finally {
    await server.stop();
  }
  // Its own server: one more OTP binding for the demo number on the same server would wait 30 s.
  const fresh = await startServer({
    env: { NODE_ENV: 'development', SMS_PROVIDER: 'local', SIMULATE_FLEET: 'true', SIMULATE_FLEET_DAYS: '3', DEVICE_TCP_PORT: '0' },
  });
  try {
    const profile = await signedInProfile(fresh.url);
    const lh = await lighthouseScores(`${fresh.url}/#/tabs/home`, { userDataDir: profile });
    results.lighthouseHome = lh;
    row(
      'Lighthouse mobile, home tab with demo data: performance',
      String(lh.performance),
      '≥ 90',
      `FCP ${lh.fcpMs} ms, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms, CLS ${lh.cls}, speed index ${lh.speedIndexMs} ms`,
    );
    row('Lighthouse mobile, home tab: accessibility', String(lh.accessibility), '= 100', lh.failedAudits.join(', '));
  } finally {
    await fresh.stop();
  }
}

if (wanted('slow')) {
  console.log('== a slow phone on a slow link: 400 kbps, 400 ms round trip, CPU 4x slower (issue 19)');
  const f = await slowFigures();
  results.slow = f;
  const ms = (xs) => xs.map((x) => `${x}`).join(', ');
  for (const [mode, m] of [
    ['DevTools throttling', f.devtools],
    ['shared link', f.shared],
  ].filter(([, m]) => m)) {
    row(`${mode}: login screen, cold (empty profile), median of ${m.coldLoginMs.length}`, `${m.coldLogin} ms`, '≤ 3500 ms', `runs ${ms(m.coldLoginMs)}`);
    row(`${mode}: login screen, warm (service worker installed)`, `${m.warmLogin} ms`, '≤ 1500 ms', `runs ${ms(m.warmLoginMs)}`);
    row(`${mode}: PIN → home with data, bound phone`, `${m.pinToHome} ms`, '—', `runs ${ms(m.pinToHomeMs)}`);
    row(
      `${mode}: first session, Log in → home with data (OTP typing excluded)`,
      `${m.firstSessionLoginToHomeMs} ms`,
      '—',
      `service worker ready ${m.serviceWorkerReadyMs} ms after the first start${m.firstVisitBytes ? `; the link carried ${kb(m.coldLoginBytes)} to the login screen, ${kb(m.firstVisitBytes)} in the whole first visit` : ''}`,
    );
  }
}

if (wanted('ingest')) {
  console.log('== ingestion: 1,000 devices over TCP, ACK after commit, SQLite; on the main thread and on the writer thread');
  const f = await ingestionFigures();
  results.ingestion = f;
  for (const mode of ['inline', 'thread']) {
    const m = f[mode];
    const name = mode === 'thread' ? 'writer thread (INGEST_WRITER=thread)' : 'main thread (INGEST_WRITER=inline)';
    row(
      `${name}: records/s over TCP from 1,000 concurrent devices (ACK after commit)`,
      String(m.tcp.perSecond),
      '≥ 60,000',
      `${m.tcp.records} records in ${m.tcp.seconds} s`,
    );
    row(
      `${name}: ratio to a raw batched insert of the same rows`,
      m.ratio.toFixed(2),
      '≥ 0.5',
      `raw insert ${f.raw.rowsPerSecond} rows/s (the devices' frames of ${f.raw.frame} in turn, transactions of ${f.raw.batch} as the writer's; same statement and durability)`,
    );
    const h = m.withHome.home;
    row(
      `${name}: tractorhomepage p99 at ${f.homeRate}/s during the burst`,
      `${h.duringBurst.p99.toFixed(1)} ms`,
      '≤ 25 ms',
      `idle server, same load: p99 ${h.idle.p99.toFixed(1)} ms; p50 ${h.duringBurst.p50.toFixed(1)} vs ${h.idle.p50.toFixed(1)} ms; ${h.duringBurst.requests} requests in the burst, ${h.errors} errors; the burst itself ${m.withHome.tcp.perSecond} records/s`,
    );
  }
}

if (wanted('cluster')) {
  console.log('== several instances: TCP devices, ACK after commit, and faults (bounded to 4 minutes)');
  const f = clusterFigures();
  results.cluster = f;
  const load = `${f.devices} devices × ${f.recordsEach} records, connected first`;
  // The raw inserts take the rows in the devices' frames, in the writer's transaction size on each engine.
  const rawOf = (raw) => `raw insert ${raw.rowsPerSecond} rows/s in ${raw.batch}-row transactions`;
  const ratio = (a, raw) => `${(a.perSecond / raw.rowsPerSecond).toFixed(2)} of raw`;
  row(
    'records/s, 1 instance on SQLite (ACK after commit)',
    String(f.sqlite1.perSecond),
    '≥ 60,000',
    `${load} (in ${f.sqlite1.connectS} s); ${rawOf(f.sqliteRaw)}, ${ratio(f.sqlite1, f.sqliteRaw)}`,
  );
  row(
    'records/s, 1 instance on PostgreSQL (ACK after commit)',
    String(f.postgres1.perSecond),
    '—',
    `${load} (in ${f.postgres1.connectS} s); ${rawOf(f.postgresRaw)}, ${ratio(f.postgres1, f.postgresRaw)}`,
  );
  row(
    'records/s, 2 instances on PostgreSQL behind HAProxy (ACK after commit)',
    String(f.postgres2.perSecond),
    '≥ 30,000',
    `${load} (in ${f.postgres2.connectS} s); ${rawOf(f.postgresRaw)}, ${ratio(f.postgres2, f.postgresRaw)}`,
  );
  const h = f.postgres2Home.home;
  row(
    `2 instances on PostgreSQL: tractorhomepage p99 at ${h.rate}/s through HAProxy while ingesting`,
    `${h.whileIngesting.p99} ms`,
    '≤ 25 ms',
    `idle, same load: p99 ${h.idle.p99} ms; p50 ${h.whileIngesting.p50} vs ${h.idle.p50} ms; ${h.whileIngesting.requests} requests during the stream, ${h.errors} errors; ingestion meanwhile ${f.postgres2Home.perSecond} records/s`,
  );
  for (const [name, k] of [
    ['SIGKILL one of 2 instances mid-stream', f.killOne],
    ['PostgreSQL restarted mid-stream', f.restartPostgres],
  ])
    row(
      `${name}: lost / duplicated, s until every device is back and drained`,
      `${k.lost} / ${k.duplicatedRows}, ${k.allBackAndDrainedS} s`,
      '0 / 0, ≤ 30 s',
      `${k.reconnected} devices reconnected; ACKs resumed after ${k.ackResumedAfterS} s; rollup PTO ${k.rollupPtoS} s of ${k.expectedPtoS} s`,
    );
}

if (wanted('scale')) {
  console.log('== scale: 10,000 connected tractors, 90 days of history');
  const f = await scaleFigures();
  results.scale = f;
  const ms = (v) => `${v.toFixed(1)} ms`;
  row(
    'server RSS with 10,000 tractors connected (peak under the home load)',
    `${f.rss.peakMb} MB`,
    '≤ 300 MB',
    `idle ${f.rss.idleMb} MB, all connected ${f.rss.connectedMb} MB; ${f.seeded.hours} hourly rows`,
  );
  row(
    `tractorhomepage p99 at ${f.homepage.rate} requests/s (open loop)`,
    ms(f.homepage.p99),
    '≤ 25 ms',
    `p50 ${ms(f.homepage.p50)}, max ${ms(f.homepage.max)}, ${f.homepage.errors} errors of ${f.homepage.sent}`,
  );
  row('one-year usage aggregation over the API', ms(f.yearAggregation.p99), '≤ 20 ms (p99 shown)', `p50 ${ms(f.yearAggregation.p50)}`);
  row('home poll when nothing changed (304), whole answer on the wire', `${f.notModified.bytes} B`, '≤ 1 KB', `status ${f.notModified.status}`);
}

/** Runs one of the server's bench scripts (each prints one JSON line) in its own process. */
function serverBench(script, args = []) {
  const out = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'apps/server/bench', script), ...args.map(String)], { cwd: root, encoding: 'utf8' });
  const line = out.stdout.trim().split('\n').at(-1) ?? '';
  if (out.status !== 0 || !line.startsWith('{')) throw new Error(`${script} failed:\n${out.stdout}\n${out.stderr}`);
  return JSON.parse(line);
}

if (wanted('alerts')) {
  console.log('== alerts: the full rule set on ingestion, and alert → push latency');
  const rules = serverBench('alerts/rules-overhead.ts');
  results.alertRules = rules;
  row(
    'ingestion with every alert rule on, ratio to rules off (median of rounds)',
    rules.ratio.toFixed(3),
    '≥ 0.90',
    `${rules.rulesOnPerSecond} vs ${rules.rulesOffPerSecond} records/s; rounds ${rules.ratios.join(', ')}`,
  );
  const push = serverBench('alerts/push-latency.ts');
  results.alertPush = push;
  row(
    `alert queued for push after its record's ACK, p99 (${push.tractors} devices)`,
    `${push.ackToPushMs.p99} ms`,
    '≤ 1000 ms',
    `p50 ${push.ackToPushMs.p50} ms, ${push.alerts} alerts, ${push.pushed} pushed`,
  );
}

if (wanted('invoice')) {
  console.log('== invoice PDF: a two-tractor GST invoice, Hindi name, Hindi and Tamil labels');
  await ensureServerBuilt(); // the bench renders on the bundle's PDF thread
  const f = serverBench('subscription/invoice-pdf.ts');
  results.invoicePdf = f;
  row(
    'invoice PDF, first render (PDF thread started, fonts decoded on first use)',
    `${f.firstMs} ms`,
    '≤ 300 ms',
    'the bundle, as `npm start` runs it; the server starts the thread and decodes them a second after start, so owners meet the later figure',
  );
  row(
    'invoice PDF render, Hindi labels (p95 of 30)',
    `${f.hindi.p95Ms} ms`,
    '≤ 300 ms',
    `p50 ${f.hindi.p50Ms} ms; Tamil p95 ${f.tamil.p95Ms} ms; English labels and name p95 ${f.english.p95Ms} ms; on the HTTP thread (before) p95 ${f.inlineHindi.p95Ms} ms; ${Math.round(f.bytes / 1024)} KB file`,
  );
}

if (wanted('voice')) {
  console.log('== server voice: an Ask me answer of ~20 words, espeak-ng through the disk cache');
  const f = serverBench('tts/speak.ts');
  results.voice = f;
  row(
    'server voice, Hindi answer, first synthesis',
    `${f.hi.firstMs} ms`,
    '≤ 1000 ms (tap → sound, whole)',
    `again from the cache ${f.hi.cachedMs} ms; ${Math.round(f.hi.bytes / 1024)} KB WAV; Tamil ${f.ta.firstMs} ms`,
  );
}

if (wanted('geofences')) {
  console.log('== geofences: ingestion with 50 active geofences per owner');
  const g = serverBench('geofences/geofence-overhead.ts');
  results.geofences = g;
  row(
    'ingestion with 50 active geofences per owner, ratio to none (median of rounds)',
    g.ratio.toFixed(3),
    '≥ 0.90',
    `${g.geofencesPerSecond} vs ${g.noGeofencesPerSecond} records/s; CPU ratio ${g.cpuRatio}; ${g.geofences} geofences, ${g.owners} owners`,
  );
}

if (wanted('truth')) {
  console.log('== truth: one simulated month (slopes, refuels, a theft, a backlog sent newest-first, a phone without speed) against its ground truth');
  const t = serverBench('telemetry/truth.ts');
  results.truth = t;
  const pct = (f) => `${f.measured} vs ${f.truth} (${f.errorPercent > 0 ? '+' : ''}${f.errorPercent} %)`;
  row('acres worked', pct(t.acres), 'within 3 %', `${t.days} days, ${t.records} records`);
  row('road km', pct(t.roadKm), 'within 3 %', '');
  row('engine hours', pct(t.engineHours), 'within 3 %', '');
  row('litres consumed', pct(t.litresConsumed), 'within 3 %', '');
  row('refuels found / false', `${t.refuels.found} of ${t.refuels.truth} / ${t.refuels.false}`, 'all / 0', `litres ${pct(t.refuels.litres)}`);
  row('thefts found / false', `${t.thefts.found} of ${t.thefts.truth} / ${t.thefts.false}`, 'all / 0', `sudden-drop alerts ${t.suddenDrops}`);
  row('phone without speed: km', pct(t.phoneWithoutSpeed.km), 'within 3 %', '');
}

if (wanted('abuse')) {
  console.log("== abuse: device-port flood, parallel PIN guessing, lockout then the owner's reset (loopback only)");
  const flood = await connectionFlood();
  results.abuseFlood = flood;
  row(
    `HTTP health p99 during a device-port flood at 1.5x the cap (${flood.attempted} connections, cap ${flood.cap})`,
    `${flood.health.p99.toFixed(1)} ms`,
    'goal ≤ 50 ms',
    `p50 ${flood.health.p50.toFixed(1)} ms, max ${flood.health.max.toFixed(1)} ms, ${flood.health.failed} of ${flood.health.samples} failed; ${flood.heldOpenAfterRefusals} held open; a real device during the flood: ${flood.legitimateDuringFlood}, after: ${flood.legitimateAfterFlood}`,
  );
  const pins = await parallelWrongPins();
  results.abusePins = pins;
  row(
    `PINs checked of ${pins.attempts} parallel logins from ${pins.attempts} addresses (right PIN among them)`,
    String(pins.pinsChecked),
    'goal ≤ 10',
    `right PIN confirmed: ${pins.rightPinConfirmed ? 'yes' : `no (${pins.rightPinAnswer})`}; answers ${JSON.stringify(pins.answers)}`,
  );
  const lockout = await lockoutThenRecovery();
  results.abuseLockout = lockout;
  row(
    'owner recovers after the lockout sequence (reset by OTP, then login)',
    lockout.ownerRecovered ? 'yes' : `no (${lockout.failedAt})`,
    'yes',
    `PIN blocked by the attack: ${lockout.pinBlockedByAttack}; attacker sends ${lockout.attackerSends.join(' ')}; guesses ${lockout.attackerGuesses.join(' ')}; ${lockout.ownerRecoveryMs} ms`,
  );
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log('\n| measure | figure | budget | baseline / detail |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.what} | ${r.figure} | ${r.budget} | ${r.baseline} |`);
