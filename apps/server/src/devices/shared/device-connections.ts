import type { Socket } from 'node:net';

/**
 * Which connection speaks for each device on this instance. A device whose mobile link died without
 * a FIN connects anew while its old socket still looks open here, where it would linger until the
 * idle time-out holding a file handle (and any command sent on it): the newest connection wins and
 * the one before it is closed. Closing it loses nothing: a frame it was committing still commits,
 * and one it had not is resent by the device on its new connection, where it is stored once.
 */
export class DeviceConnections {
  private readonly byDevice = new Map<string, { socket: Socket; peer: string }>();

  /** Makes `socket` the device's connection; closes the one before it, returning its peer, when one was open. */
  claim(deviceId: string, socket: Socket, peer: string): string | undefined {
    const previous = this.byDevice.get(deviceId);
    this.byDevice.set(deviceId, { socket, peer });
    socket.once('close', () => {
      if (this.byDevice.get(deviceId)?.socket === socket) this.byDevice.delete(deviceId);
    });
    if (!previous || previous.socket === socket || previous.socket.destroyed) return undefined;
    previous.socket.destroy();
    return previous.peer;
  }
}
