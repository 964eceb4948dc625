import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { DeviceCommands } from '../modules/commands/service';
import type { TelemetryPipeline } from '../modules/telemetry/pipeline';
import { startTeltonikaServer, type TeltonikaServer } from './teltonika/server';
import { startTeltonikaUdpServer, type TeltonikaUdpServer } from './teltonika/udp-server';

/** The device ports listening: each undefined when its port is `off`. */
interface DevicePorts {
  tcp: TeltonikaServer | undefined;
  udp: TeltonikaUdpServer | undefined;
}

/** Listens for Teltonika devices on DEVICE_TCP_PORT and DEVICE_UDP_PORT (each unless `off`), feeding the pipeline. */
export async function startDevicePorts(
  devices: Config['devices'],
  deps: { telemetry: TelemetryPipeline; commands: DeviceCommands; log: FastifyBaseLogger },
): Promise<DevicePorts> {
  const { telemetry, commands, log } = deps;
  const ports: DevicePorts = { tcp: undefined, udp: undefined };
  try {
    if (devices.tcpPort !== 'off') {
      ports.tcp = await startTeltonikaServer({
        host: devices.tcpHost,
        port: devices.tcpPort,
        lookup: telemetry.lookup,
        ingestor: telemetry.ingestor,
        log,
        idleTimeoutMs: devices.idleTimeoutMs,
        handshakeTimeoutMs: devices.handshakeTimeoutMs,
        firstFrameTimeoutMs: devices.firstFrameTimeoutMs,
        maxConnections: devices.maxConnections,
        maxConnectionsPerIp: devices.maxConnectionsPerIp,
        rate: telemetry.rate,
        commands,
        ...(devices.proxyProtocol ? { proxyProtocol: devices.proxyProtocol } : {}),
      });
      log.info({ port: ports.tcp.port }, 'listening for Teltonika devices');
    }
    if (devices.udpPort !== 'off') {
      ports.udp = await startTeltonikaUdpServer({
        host: devices.tcpHost,
        port: devices.udpPort,
        lookup: telemetry.lookup,
        ingestor: telemetry.ingestor,
        log,
        rate: telemetry.rate,
      });
      log.info({ port: ports.udp.port }, 'listening for Teltonika devices over UDP');
    }
    return ports;
  } catch (err) {
    // The UDP port taken: the TCP one must not stay open behind a failed start.
    await ports.tcp?.close();
    throw err;
  }
}
