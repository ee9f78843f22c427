/**
 * Ports for a relay (coturn) that listens on UDP and TCP and relays over a range of UDP ports. They
 * are free a moment ago, not reserved: the relay binds them itself a little later.
 */
import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';

/** The first and last port of a range, both included. */
export interface PortRange {
  min: number;
  max: number;
}

// RFC 5766 §6.2: relayed transport addresses come from the dynamic ports, 49152-65535.
const DYNAMIC_MIN = 49152;
const DYNAMIC_MAX = 65535;

function udpFree(host: string, port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const socket = createSocket(host.includes(':') ? 'udp6' : 'udp4');
    socket.unref();
    socket.once('error', () => resolve(null));
    socket.bind({ port, address: host, exclusive: true }, () => {
      const bound = socket.address().port;
      socket.close(() => resolve(bound));
    });
  });
}

function tcpFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port free on host for both UDP and TCP (a TURN listener takes both), outside `avoid`. */
export async function freeUdpAndTcpPort(host: string, avoid?: PortRange): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await udpFree(host, 0); // the OS picks one no one holds
    if (port === null) break;
    if (avoid && port >= avoid.min && port <= avoid.max) continue;
    if (await tcpFree(host, port)) return port;
  }
  throw new Error(`found no port free for both UDP and TCP on ${host}`);
}

/** `size` consecutive dynamic ports, all free for UDP on host right now, starting at a random place. */
export async function freeUdpRange(host: string, size: number): Promise<PortRange> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const min = DYNAMIC_MIN + Math.floor(Math.random() * (DYNAMIC_MAX - DYNAMIC_MIN - size + 2));
    const range = { min, max: min + size - 1 };
    const ports = Array.from({ length: size }, (_, i) => min + i);
    const free = await Promise.all(ports.map((port) => udpFree(host, port)));
    if (free.every((port) => port !== null)) return range;
  }
  throw new Error(`found no ${size} free UDP ports in a row on ${host}`);
}
