import { connect, createServer, type Socket } from 'node:net';

/**
 * A loopback port in front of this server's own device port that starts each connection with a
 * PROXY protocol (v1) header, for the simulated demo fleet when the device port takes devices only
 * through a balancer (DEVICE_PROXY_PROTOCOL, as `npm run cluster` runs it): the fleet's bare Teltonika
 * bytes were refused there, so the cluster's demo tractors never reported. Its connections come from
 * 127.0.0.1, which DEVICE_PROXY_TRUSTED must hold (it does by default).
 */
export async function startFleetRelay(devicePort: number): Promise<{ port: number; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const relay = createServer((inbound) => {
    open.add(inbound);
    // Bytes the fleet sends before the device port answers wait in the paused socket.
    const outbound = connect(devicePort, '127.0.0.1', () => {
      outbound.write(`PROXY TCP4 127.0.0.1 127.0.0.1 ${inbound.remotePort ?? 0} ${devicePort}\r\n`);
      inbound.pipe(outbound).pipe(inbound);
    });
    open.add(outbound);
    const end = () => {
      inbound.destroy();
      outbound.destroy();
      open.delete(inbound);
      open.delete(outbound);
    };
    for (const socket of [inbound, outbound]) {
      socket.on('error', end);
      socket.on('close', end);
    }
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (relay.address() as { port: number }).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
