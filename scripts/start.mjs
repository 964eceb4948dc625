#!/usr/bin/env node
// `npm start`: builds the web app and bundles the server when their sources are newer than the
// last build, then runs the server (which migrates the embedded database and creates the demo
// owner on first start).
import { spawn } from 'node:child_process';
import { ensureServerBuilt } from './server-build.mjs';
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs';
import { ensureWebBuilt, root } from './web-build.mjs';

if (process.env.SKIP_WEB_BUILD !== 'true') ensureWebBuilt();
const bundle = await ensureServerBuilt();

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, bundle], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
