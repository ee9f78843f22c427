/**
 * Child processes for the benchmark other than Hearth (start, wait for a line, stop; Hearth itself is
 * started with @hearth/server/testing) and CPU accounting for them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Child {
  proc: ChildProcess;
  /** SIGINT, then SIGKILL if it has not exited after graceMs. */
  stop: (graceMs?: number) => Promise<void>;
}

/** Children not yet exited, so an interrupted run can stop even one that is still starting. */
const live = new Set<Child>();

export async function stopAllChildren(): Promise<void> {
  await Promise.all([...live].map((c) => c.stop(5_000)));
}

/** Spawns a node script and resolves once it prints `ready` (rejects if it exits or times out first). */
export async function startChild(
  name: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs: number },
): Promise<Child> {
  const proc = spawn(process.execPath, args, { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const child: Child = {
    proc,
    stop: async (graceMs = 20_000) => {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.stderr?.removeAllListeners('data').resume(); // what it says while shutting down is not measured
        proc.kill('SIGINT');
        const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
    },
  };
  live.add(child);
  void exited.then(() => live.delete(child));

  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start in ${opts.timeoutMs} ms:\n${out}`)),
      opts.timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (opts.ready.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    proc.stdout!.on('data', onData);
    proc.stderr!.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before it was ready:\n${out}`));
    });
  }).catch(async (err: unknown) => {
    await child.stop(2_000);
    throw err;
  });
  // Keep draining its output so it never blocks on a full pipe; show errors it prints while running.
  proc.stdout!.removeAllListeners('data').resume();
  proc.stderr!.removeAllListeners('data').on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return child;
}

/** Stops a PostgreSQL postmaster left running in pgDir (if the server died without stopping it) and waits. */
export async function stopStalePostgres(pgDir: string): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!(pid > 0) || !alive()) return;
  process.kill(pid, 'SIGQUIT'); // immediate shutdown: the data is thrown away anyway
  for (let i = 0; i < 100 && alive(); i++) await new Promise((r) => setTimeout(r, 100));
}

/* ---------- CPU accounting (Linux /proc; elsewhere the process figures are left out) ---------- */

const TICKS_PER_MS = 100 / 1000; // USER_HZ is 100 on Linux

interface ProcCpu {
  parent: number;
  /** The command name (at most 15 characters), e.g. "postgres". */
  name: string;
  /** CPU time (ms) of the process itself. */
  own: number;
  /** The same plus that of its exited children. */
  withChildren: number;
}

/** Every process's CPU time so far, by pid; null where there is no /proc. */
function readProcs(): Map<number, ProcCpu> | null {
  if (!existsSync('/proc/self/stat')) return null;
  const procs = new Map<number, ProcCpu>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (name) state ppid ... utime stime cutime cstime ...": the name may hold spaces and ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const f = stat
        .slice(stat.lastIndexOf(')') + 2)
        .split(' ')
        .map(Number);
      procs.set(Number(entry), {
        parent: f[1]!,
        name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        own: (f[11]! + f[12]!) / TICKS_PER_MS,
        withChildren: (f[11]! + f[12]! + f[13]! + f[14]!) / TICKS_PER_MS,
      });
    } catch {
      // exited while we were looking
    }
  }
  return procs;
}

/** The descendants of pid (children, their children, ...), each with what readProcs says of it. */
function descendantsOf(pid: number, procs: Map<number, ProcCpu>): ProcCpu[] {
  const isDescendant = (p: number): boolean => {
    for (let q = procs.get(p)?.parent; q !== undefined && q > 1; q = procs.get(q)?.parent) if (q === pid) return true;
    return false;
  };
  return [...procs].filter(([p]) => isDescendant(p)).map(([, proc]) => proc);
}

/**
 * CPU time (ms) used so far by a process itself and by all its descendants. A descendant's time
 * includes its exited children (PostgreSQL backends come and go with the server's pool).
 */
export function processCpuMs(pid: number): { self: number; descendants: number } | null {
  const procs = readProcs();
  if (!procs) return null;
  const descendants = descendantsOf(pid, procs).reduce((sum, p) => sum + p.withChildren, 0);
  return { self: procs.get(pid)?.own ?? 0, descendants };
}

/**
 * The same, the descendants' time by command name (e.g. "postgres", "turnserver"), so the helpers a
 * process runs can be told apart.
 */
export function processTreeCpuMs(pid: number): { self: number; byName: Map<string, number> } | null {
  const procs = readProcs();
  if (!procs) return null;
  const byName = new Map<string, number>();
  for (const p of descendantsOf(pid, procs)) byName.set(p.name, (byName.get(p.name) ?? 0) + p.withChildren);
  return { self: procs.get(pid)?.own ?? 0, byName };
}

/** Milliseconds per clock tick of /proc/stat (USER_HZ, 100 on Linux). */
const MS_PER_TICK = 10;

/**
 * Busy and total CPU time (ms) of the whole machine, summed over cores, and the time a virtual
 * machine's host took its cores away (steal). From /proc/stat where there is one: os.cpus() leaves
 * steal out of the total, so on a host that takes a core away the machine seemed to have fewer cores
 * and the theft went unreported.
 */
export function machineCpuMs(): { busy: number; total: number; steal: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal ...
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    // Busy as os.cpus() counts it (the kernel's softirq work, loopback networking among it, apart),
    // so the share left to "other processes" means what it meant before.
    const busy = user! + nice! + system! + irq!;
    return {
      busy: busy * MS_PER_TICK,
      total: (busy + idle! + iowait! + softirq! + steal!) * MS_PER_TICK,
      steal: steal! * MS_PER_TICK,
    };
  } catch {
    let busy = 0;
    let total = 0;
    for (const c of cpus()) {
      const t = c.times.user + c.times.nice + c.times.sys + c.times.irq + c.times.idle;
      total += t;
      busy += t - c.times.idle;
    }
    return { busy, total, steal: 0 };
  }
}

/**
 * CPU use over a window, in % of one core: the server process, its child processes (PostgreSQL),
 * this process (the load client), and everything else on the machine (which makes figures unreliable).
 */
export interface CpuShare {
  server?: number;
  /** CPU time (ms) of the server process itself over the window. */
  serverMs?: number;
  postgres?: number;
  client: number;
  other?: number;
  /** What the virtual machine's host took from its cores meanwhile (steal), in % of one core. */
  steal?: number;
  cores: number;
}

/** Samples CPU time at `start` and answers the shares at `end`. */
export function cpuWindow(serverPid: number): { start(): void; end(): CpuShare } {
  const sample = () => ({
    t: performance.now(),
    server: processCpuMs(serverPid),
    client: process.cpuUsage(),
    machine: machineCpuMs(),
  });
  let before = sample();
  return {
    start: () => void (before = sample()),
    end: () => {
      const after = sample();
      const pct = (ms: number) => (100 * ms) / (after.t - before.t);
      const usage = process.cpuUsage(before.client);
      const client = pct((usage.user + usage.system) / 1000);
      const machine = pct(after.machine.busy - before.machine.busy);
      const cpu: CpuShare = {
        client,
        steal: pct(after.machine.steal - before.machine.steal),
        cores: Math.round(pct(after.machine.total - before.machine.total) / 100),
      };
      if (!after.server || !before.server) return cpu;
      const server = pct(after.server.self - before.server.self);
      const postgres = pct(after.server.descendants - before.server.descendants);
      const serverMs = after.server.self - before.server.self;
      return { ...cpu, server, serverMs, postgres, other: Math.max(0, machine - server - postgres - client) };
    },
  };
}

/** Resident memory (VmRSS) of a process, in bytes; NaN where there is no /proc. */
export function residentBytes(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}
