/** CPU use while a part of the benchmark runs, so figures taken on a busy machine say so. */
import { machineCpuMs, processCpuMs } from '../fanout/proc.js';

/** In % of one core: the server process, its PostgreSQL, this benchmark, and everything else on the machine. */
export interface CpuUse {
  server?: number;
  postgres?: number;
  client: number;
  other: number;
}

export async function withCpu<T>(serverPid: number, fn: () => Promise<T>): Promise<{ result: T; cpu: CpuUse }> {
  const before = {
    t: performance.now(),
    tree: processCpuMs(serverPid),
    client: process.cpuUsage(),
    machine: machineCpuMs(),
  };
  const result = await fn();
  const pct = (ms: number) => (100 * ms) / (performance.now() - before.t);
  const tree = processCpuMs(serverPid);
  const usage = process.cpuUsage(before.client);
  const client = pct((usage.user + usage.system) / 1000);
  const busy = pct(machineCpuMs().busy - before.machine.busy);
  const server = tree && before.tree ? pct(tree.self - before.tree.self) : undefined;
  const postgres = tree && before.tree ? pct(tree.descendants - before.tree.descendants) : undefined;
  const other = Math.max(0, busy - (server ?? 0) - (postgres ?? 0) - client);
  return { result, cpu: { server, postgres, client, other } };
}
