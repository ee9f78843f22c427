import { readFile } from 'node:fs/promises';

/*
 * What systeminformation leaves out, read from Linux's /proc. Elsewhere (or when a file cannot be
 * read) each reading is null and the answer says 0.
 */

const read = (file: string) => readFile(file, 'utf8').catch(() => null);

/** Packets through the machine's network interfaces since boot, loopback left out. */
export interface PacketCounts {
  sent: number;
  received: number;
}

/** systeminformation's networkStats has bytes only. */
export async function packetCounts(): Promise<PacketCounts | null> {
  const text = await read('/proc/net/dev');
  return text === null ? null : parseNetDev(text);
}

/**
 * /proc/net/dev: two header lines, then one line per interface, "iface: rx_bytes rx_packets … (8
 * receive columns) tx_bytes tx_packets …".
 */
export function parseNetDev(text: string): PacketCounts {
  const total = { sent: 0, received: 0 };
  for (const line of text.split('\n').slice(2)) {
    const [iface, counters] = line.split(':');
    if (!counters || iface!.trim() === 'lo') continue;
    const columns = counters.trim().split(/\s+/).map(Number);
    total.received += columns[1] ?? 0;
    total.sent += columns[9] ?? 0;
  }
  return total;
}

/**
 * The processor's clock in MHz as the kernel last saw it (the first core's "cpu MHz"). Virtual
 * machines often have no cpufreq, where systeminformation and Node both read the clock, and say 0.
 */
export async function cpuMhz(): Promise<number | null> {
  const text = await read('/proc/cpuinfo');
  const mhz = text && /^cpu MHz\s*:\s*([\d.]+)/m.exec(text)?.[1];
  return mhz ? Math.round(Number(mhz)) : null;
}
