import { createSocket, type RemoteInfo } from 'node:dgram';
import type { RecordSink } from '../../modules/telemetry/ingestor';
import type { DeviceLog, KnownDevice } from '../../modules/telemetry/pipeline';
import { DecodeError, decodeUdpPacket, type UdpPacket, udpAck } from './codec';
import { LogLimiter } from '../shared/log-limiter';
import type { RecordRateLimiter } from '../shared/record-rate';
import { lookupTeltonika } from './imei';
import { avlToRecord } from './to-reading';

export interface TeltonikaUdpOptions {
  host: string;
  port: number;
  lookup: (imei: string) => Promise<KnownDevice | undefined>;
  ingestor: RecordSink;
  log: DeviceLog;
  /** Each device's record budget; a packet over it is not acknowledged (the device resends it later). */
  rate?: RecordRateLimiter;
  /** Packets waiting in all at most (default MAX_UDP_PACKETS_IN_FLIGHT). */
  maxInFlight?: number;
}

export interface TeltonikaUdpServer {
  port: number;
  close(): Promise<void>;
}

/** Most datagrams waiting for one device: a device resends what was not acknowledged, so more are dropped. */
const MAX_WAITING_PER_DEVICE = 8;
/**
 * Most datagrams waiting in all. Each waits on a device lookup (a query for an id not provisioned)
 * and holds its decoded records: a flood of made-up IMEIs would otherwise queue without bound and
 * exhaust memory. Over it a packet is dropped, as a real device's is resent.
 */
export const MAX_UDP_PACKETS_IN_FLIGHT = 1024;

/**
 * Teltonika devices over UDP (the same codecs as TCP, wrapped in a packet with the IMEI and a packet
 * id, no CRC; device-protocols.md §1.1): each packet's records are committed, then acknowledged
 * with `00 05 <packet id> 01 <AVL packet id> <count>` to the address it came from. A device that
 * gets no acknowledgement sends the packet again, so an unknown device, a bad packet or a failed
 * commit is simply not acknowledged. The acknowledgement is smaller than any packet that asks for
 * it, so a forged source address cannot turn the port into an amplifier.
 */
export async function startTeltonikaUdpServer(options: TeltonikaUdpOptions): Promise<TeltonikaUdpServer> {
  const socket = createSocket({ type: options.host.includes(':') ? 'udp6' : 'udp4' });
  // One chain per device: its packets are committed in the order they came.
  const chains = new Map<string, { tail: Promise<void>; waiting: number }>();
  const maxInFlight = options.maxInFlight ?? MAX_UDP_PACKETS_IN_FLIGHT;
  let inFlight = 0;
  let open = true;
  // Warnings about one address or device, once a minute.
  const quiet = new LogLimiter(60_000);
  const reply = (ack: Uint8Array, peer: RemoteInfo) => {
    // A commit that ends after close() has nobody to answer: the device sends the packet again.
    if (open) socket.send(ack, peer.port, peer.address, () => undefined);
  };

  socket.on('message', (packet, peer) => {
    if (inFlight >= maxInFlight) {
      if (quiet.take('full').log) options.log.warn({ peer: `${peer.address}:${peer.port}`, inFlight }, 'device packet dropped: too many waiting');
      return;
    }
    let decoded: UdpPacket;
    try {
      decoded = decodeUdpPacket(packet);
    } catch (error) {
      if (quiet.take(`bad:${peer.address}`).log)
        options.log.warn({ peer: `${peer.address}:${peer.port}`, reason: error instanceof DecodeError ? error.code : 'BAD_PACKET' }, 'device packet dropped');
      return;
    }
    const chain = chains.get(decoded.imei) ?? { tail: Promise.resolve(), waiting: 0 };
    if (chain.waiting >= MAX_WAITING_PER_DEVICE) return;
    chain.waiting++;
    inFlight++;
    chains.set(decoded.imei, chain);
    chain.tail = chain.tail
      .then(() => handle(decoded, peer, options, reply, quiet))
      .finally(() => {
        inFlight--;
        if (--chain.waiting === 0) chains.delete(decoded.imei);
      });
  });
  socket.on('error', (err) => options.log.warn({ err: err.message }, 'device UDP socket error'));

  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(options.port, options.host, () => {
      socket.off('error', reject);
      resolve();
    });
  });
  return {
    port: socket.address().port,
    close: async () => {
      open = false;
      await new Promise<void>((resolve) => socket.close(() => resolve()));
      await Promise.all([...chains.values()].map((c) => c.tail));
    },
  };
}

async function handle(
  packet: UdpPacket,
  peer: RemoteInfo,
  options: TeltonikaUdpOptions,
  reply: (ack: Uint8Array, peer: RemoteInfo) => void,
  quiet: LogLimiter,
): Promise<void> {
  const where = { peer: `${peer.address}:${peer.port}`, imei: packet.imei };
  const device = await lookupTeltonika(options.lookup, packet.imei).catch(() => undefined);
  if (!device) {
    if (quiet.take(`unknown:${packet.imei}`).log) options.log.info(where, 'unknown device refused');
    return;
  }
  if ((options.rate?.take([[device.profile.id, packet.data.records.length]]) ?? 0) > 0) {
    if (quiet.take(`rate:${packet.imei}`).log) options.log.warn(where, 'device over its record budget: packet not acknowledged');
    return;
  }
  let committed: number;
  try {
    committed = await options.ingestor.submit(
      device.profile,
      packet.data.records.map((r) => avlToRecord(r, device.ioRules)),
      // No connection says the device was elsewhere meanwhile: each packet checks the cached state (one read per batch).
      { verify: true },
    );
  } catch (error) {
    options.log.warn({ ...where, reason: 'STORE_FAILED', detail: (error as Error).message }, 'device packet not acknowledged');
    return;
  }
  reply(udpAck(packet.packetId, packet.avlPacketId, committed), peer);
}
