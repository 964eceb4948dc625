/**
 * Fastify turns off Node's own request timeout (requestTimeout 0) and sets no socket timeout, so a
 * client that sends its headers and then a body that never ends (or never reads its answer) holds a
 * connection, and a request, for ever: a few hundred such clients use up the file handles.
 *
 * - IDLE: a connection with no byte either way for this long is closed. Generous, since nothing the
 *   server does keeps a client waiting in silence for more than seconds.
 * - REQUEST: a request must arrive whole within this long (408 otherwise), however it trickles in:
 *   a 2 MB photo over a slow 2G link takes minutes, so well above Node's 5-minute default.
 */
export const SERVER_TIMEOUTS = {
  connectionTimeout: 120_000,
  requestTimeout: 10 * 60_000,
} as const;
