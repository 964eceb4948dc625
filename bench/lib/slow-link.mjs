// A slow mobile link between the browser and the server, as one shared pipe: every connection's bytes
// queue on the same `kbps` per direction and arrive half a round trip later; a new connection's first
// bytes wait one more round trip (its TCP handshake). Unlike DevTools' throttling (per page), the
// service worker's downloads share this link with the page's, as they share a phone's radio.
// Not modelled: TCP slow start and losses (so the figures are, if anything, kind).
import { connect, createServer } from 'node:net';

const SEGMENT = 1460;

/** One direction of the link: when it is next free, and what it carried. */
function direction(bytesPerMs) {
  return {
    bytes: 0,
    freeAt: 0,
    /** When a segment of `size` bytes entering now has crossed the link (before its latency). */
    book(size) {
      const start = Math.max(performance.now(), this.freeAt);
      this.freeAt = start + size / bytesPerMs;
      this.bytes += size;
      return this.freeAt;
    },
  };
}

/** Writes `dest` the segments of one connection's direction in order, each when it is due. */
function sender(dest) {
  const queue = [];
  let timer;
  let ending = false;
  const drain = () => {
    timer = undefined;
    const now = performance.now();
    while (queue.length && queue[0].at <= now) if (!dest.destroyed) dest.write(queue.shift().bytes);
    if (queue.length) timer = setTimeout(drain, queue[0].at - now);
    else if (ending && !dest.destroyed) dest.end();
  };
  return {
    push(at, bytes) {
      const last = queue.at(-1)?.at ?? 0;
      queue.push({ at: Math.max(at, last), bytes });
      if (!timer) timer = setTimeout(drain, Math.max(0, queue[0].at - performance.now()));
    },
    end() {
      ending = true;
      if (!timer) drain();
    },
    cancel() {
      clearTimeout(timer);
      queue.length = 0;
    },
  };
}

/**
 * Listens on a free local port and forwards to `targetPort`; resolves with { port, down, up, close }.
 * `down.bytes` and `up.bytes` count what crossed the link (headers included).
 */
export function startSlowLink({ targetPort, kbps = 400, rttMs = 400 }) {
  const bytesPerMs = (kbps * 1000) / 8 / 1000;
  const down = direction(bytesPerMs);
  const up = direction(bytesPerMs);
  const sockets = new Set();
  const server = createServer({ allowHalfOpen: true }, (client) => {
    const upstream = connect({ port: targetPort, host: '127.0.0.1', allowHalfOpen: true });
    sockets.add(client).add(upstream);
    const toServer = sender(upstream);
    const toClient = sender(client);
    // The handshake: the request's first bytes leave one round trip after the connection opened.
    const handshakeDone = performance.now() + rttMs;
    client.on('data', (chunk) => {
      for (let i = 0; i < chunk.length; i += SEGMENT) {
        const bytes = chunk.subarray(i, i + SEGMENT);
        toServer.push(Math.max(up.book(bytes.length), handshakeDone) + rttMs / 2, bytes);
      }
    });
    upstream.on('data', (chunk) => {
      for (let i = 0; i < chunk.length; i += SEGMENT) {
        const bytes = chunk.subarray(i, i + SEGMENT);
        toClient.push(down.book(bytes.length) + rttMs / 2, bytes);
      }
    });
    client.on('end', () => toServer.end());
    // The server's last bytes still cross the link before the browser sees the connection end.
    const serverGone = () => toClient.end();
    upstream
      .on('end', serverGone)
      .on('error', serverGone)
      .on('close', () => sockets.delete(upstream));
    // The browser gone: nothing left to deliver to either side.
    const browserGone = () => {
      toServer.cancel();
      toClient.cancel();
      upstream.destroy();
      client.destroy();
      sockets.delete(client);
    };
    client.on('error', browserGone).on('close', browserGone);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        down,
        up,
        close: () =>
          new Promise((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
