import { realpath, statfs } from 'node:fs/promises';
import path from 'node:path';
import si, { type Systeminformation } from 'systeminformation';
import { formatBytes, type SystemResources } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { UserRow } from '../users/user-row.js';
import { coturnStatus } from './system-coturn.js';
import { cpuMhz, packetCounts } from './system-proc.js';
import { requireAdmin } from './panel-access.js';
import { lastBackupAt } from '../backup/last-backup.js';

/** One decimal, as the gauges show it. */
const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

/** What does not change while the server runs (the processor, the system), read once. */
let hardware: Promise<[Systeminformation.CpuData, Systeminformation.OsData]> | undefined;
const staticInfo = () =>
  (hardware ??= Promise.all([si.cpu(), si.osInfo()]).catch((err: unknown) => {
    hardware = undefined; // a failed reading is tried again next time, not kept
    throw err;
  }));

/**
 * GET /admin/system/resources, which the System tab asks for every 10 s while open. Every probe runs
 * at once, so the answer takes as long as the slowest (listing the processes, a few hundred
 * milliseconds), not their sum; the processor and system are read once. The CPU load is the average
 * since the previous call (systeminformation keeps the last reading), so at a 10 s refresh it is the
 * load of those 10 s; the first call of a process measures a short interval of its own.
 * Network connections are this node's live connections (the gateway's count): listing the machine's
 * sockets costs about 40 ms per thousand, read every 10 s on a busy server for a number on a gauge.
 */
export async function systemResources(ctx: AppContext, admin: UserRow): Promise<SystemResources> {
  requireAdmin(admin);
  const [[cpu, os], load, speed, mem, disk, io, network, packets, processes, lastBackup] = await Promise.all([
    staticInfo(),
    si.currentLoad(),
    clockMhz(),
    si.mem(),
    dataDisk(ctx.config.dataDir),
    si.fsStats(),
    si.networkStats('*'),
    packetCounts(),
    si.processes(),
    lastBackupAt(ctx.db),
  ]);
  const external = network.filter((n) => n.iface !== 'lo');
  const uptime = si.time().uptime;
  const used = mem.total - mem.available;
  return {
    cpu: {
      usage_percent: Math.round(load.currentLoad * 10) / 10,
      cores_physical: cpu.physicalCores,
      cores_logical: cpu.cores,
      frequency: { current: speed },
    },
    memory: {
      usage_percent: percent(used, mem.total),
      used_formatted: formatBytes(used),
      total_formatted: formatBytes(mem.total),
      available_formatted: formatBytes(mem.available),
    },
    disk: {
      usage_percent: percent(disk.used, disk.size),
      used_formatted: formatBytes(disk.used),
      total_formatted: formatBytes(disk.size),
      free_formatted: formatBytes(disk.available),
      // Bytes read and written since boot; fsStats answers null where it reads none (Windows).
      io: { read_bytes_formatted: formatBytes(io?.rx ?? 0), write_bytes_formatted: formatBytes(io?.wx ?? 0) },
    },
    network: {
      bytes_sent_formatted: formatBytes(external.reduce((n, i) => n + i.tx_bytes, 0)),
      bytes_recv_formatted: formatBytes(external.reduce((n, i) => n + i.rx_bytes, 0)),
      packets_sent: packets?.sent ?? 0,
      packets_recv: packets?.received ?? 0,
      connections: ctx.liveConnections?.() ?? 0,
    },
    system: {
      platform: [os.distro, os.release].filter(Boolean).join(' ') || os.platform,
      architecture: os.arch,
      processor: [cpu.manufacturer, cpu.brand].filter(Boolean).join(' '),
      uptime_formatted: formatUptime(uptime),
      process_count: processes.all,
      boot_time: new Date(Date.now() - uptime * 1000).toISOString(),
    },
    coturn: coturnStatus(ctx, processes.list.filter((p) => p.name === 'turnserver').length),
    backup: { last_taken_at: lastBackup?.toISOString() ?? null },
  };
}

/** The current clock in MHz: systeminformation's, else the kernel's last reading, else 0. */
async function clockMhz(): Promise<number> {
  const { avg } = await si.cpuCurrentSpeed(); // GHz; 0 where there is no cpufreq (virtual machines)
  return avg ? Math.round(avg * 1000) : ((await cpuMhz()) ?? 0);
}

/** '3d 4h 5m', '4h 5m', '5m'. */
export function formatUptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const [d, h, m] = [Math.floor(minutes / 1440), Math.floor(minutes / 60) % 24, minutes % 60];
  return d > 0 ? `${d}d ${h}h ${m}m` : h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/**
 * The disk the data folder is on: of the file systems systeminformation lists, the one mounted
 * deepest above the folder; where it lists none that fits (some containers), the folder's own statfs.
 */
async function dataDisk(dataDir: string): Promise<{ size: number; used: number; available: number }> {
  const dir = await realpath(dataDir).catch(() => path.resolve(dataDir));
  const within = (mount: string) =>
    dir === mount || dir.startsWith(mount.endsWith(path.sep) ? mount : mount + path.sep);
  const mounts = (await si.fsSize()).filter((f) => within(f.mount)).sort((a, b) => b.mount.length - a.mount.length);
  if (mounts[0]) return mounts[0];
  const fs = await statfs(dir);
  return {
    size: fs.blocks * fs.bsize,
    used: (fs.blocks - fs.bfree) * fs.bsize,
    available: fs.bavail * fs.bsize,
  };
}
