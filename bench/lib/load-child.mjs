// The open-loop home load of http-load.mjs in a process of its own, for a bench whose own event loop
// is busy (the cluster bench drives thousands of simulated devices): latencies measured there would
// be that loop's lag, not the server's.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadUntil } from './http-load.mjs';

const self = fileURLToPath(import.meta.url);

/** Starts the load; `stop()` ends it and resolves with { samples, errors } as loadUntil does. */
export function loadInChild(url, paths, token, rate) {
  const child = fork(self, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ url, paths, token, rate });
  const result = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the load process exited (${code}) before reporting`)));
  });
  return {
    stop: async () => {
      child.send('stop');
      const r = await result;
      child.disconnect();
      return r;
    },
  };
}

if (process.argv[1] === self && process.send) {
  process.once('message', ({ url, paths, token, rate }) => {
    let stop;
    const stopped = new Promise((resolve) => (stop = resolve));
    process.on('message', (m) => m === 'stop' && stop());
    void loadUntil(url, paths, token, rate, stopped).then((r) => process.send(r));
  });
}
