/**
 * CPU time over a window: Chromium's processes as Chromium itself reports them (DevTools protocol,
 * SystemInfo.getProcessInfo: the browser process, each renderer, the GPU process and the utility
 * processes such as the audio and network services), Hearth's server process and its children from
 * /proc (the local coturn, the embedded PostgreSQL), this benchmark's own process (Playwright), and
 * the whole machine.
 */
import type { Browser, CDPSession } from 'playwright';
import { machineCpuMs, processCpuMs, processTreeCpuMs } from '../fanout/proc.js';

/** CPU time used over the window, in ms (summed over cores). */
export interface CpuUsed {
  wallMs: number;
  /** All of Chromium's processes. */
  chromium: number;
  /** Chromium's by kind of process ("renderer", "browser", "audio.mojom.AudioService", ...). */
  chromiumByKind: Map<string, number>;
  /** The same from /proc: the browser process and all its descendants (a check of the above). */
  chromiumProcTree: number | null;
  /** Hearth's server process itself (node). */
  server: number | null;
  coturn: number | null;
  postgres: number | null;
  /** This benchmark's process (Playwright's driver runs in it). */
  bench: number;
  /** Busy time of the whole machine. */
  machine: number;
  /** What the machine spent on anything else (other programs running at the same time). */
  other: number;
}

interface ProcessInfo {
  type: string;
  id: number;
  /** Seconds. */
  cpuTime: number;
}

interface Sample {
  t: number;
  chromium: ProcessInfo[];
  chromiumProcTree: number | null;
  server: ReturnType<typeof processTreeCpuMs>;
  bench: NodeJS.CpuUsage;
  machine: number;
}

export class CpuMeter {
  private constructor(
    private cdp: CDPSession,
    private serverPid: number,
  ) {}

  static async open(browser: Browser, serverPid: number): Promise<CpuMeter> {
    return new CpuMeter(await browser.newBrowserCDPSession(), serverPid);
  }

  /** Chromium's processes and the CPU time each has used so far. */
  private async chromium(): Promise<ProcessInfo[]> {
    const answer = (await this.cdp.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo[] };
    return answer.processInfo;
  }

  private async sample(): Promise<Sample> {
    const chromium = await this.chromium();
    const browserPid = chromium.find((p) => p.type === 'browser')?.id;
    const tree = browserPid === undefined ? null : processCpuMs(browserPid);
    return {
      t: performance.now(),
      chromium,
      chromiumProcTree: tree ? tree.self + tree.descendants : null,
      server: processTreeCpuMs(this.serverPid),
      bench: process.cpuUsage(),
      machine: machineCpuMs().busy,
    };
  }

  /** The CPU time used while `during` runs. */
  async measure(during: () => Promise<void>): Promise<CpuUsed> {
    const before = await this.sample();
    await during();
    const after = await this.sample();
    const chromiumByKind = new Map<string, number>();
    for (const p of after.chromium) {
      // A process that started meanwhile used all its time in the window.
      const earlier = before.chromium.find((q) => q.id === p.id)?.cpuTime ?? 0;
      chromiumByKind.set(p.type, (chromiumByKind.get(p.type) ?? 0) + (p.cpuTime - earlier) * 1000);
    }
    const named = (name: string) =>
      after.server && before.server
        ? (after.server.byName.get(name) ?? 0) - (before.server.byName.get(name) ?? 0)
        : null;
    const bench = process.cpuUsage(before.bench);
    const chromium = [...chromiumByKind.values()].reduce((sum, ms) => sum + ms, 0);
    const serverTree = (sample: Sample) =>
      sample.server ? sample.server.self + [...sample.server.byName.values()].reduce((sum, ms) => sum + ms, 0) : 0;
    const benchMs = (bench.user + bench.system) / 1000;
    const machine = after.machine - before.machine;
    return {
      wallMs: after.t - before.t,
      chromium,
      chromiumByKind,
      chromiumProcTree:
        after.chromiumProcTree !== null && before.chromiumProcTree !== null
          ? after.chromiumProcTree - before.chromiumProcTree
          : null,
      server: after.server && before.server ? after.server.self - before.server.self : null,
      coturn: named('turnserver'),
      postgres: named('postgres'),
      bench: benchMs,
      machine,
      other: Math.max(0, machine - chromium - (serverTree(after) - serverTree(before)) - benchMs),
    };
  }

  async close(): Promise<void> {
    await this.cdp.detach().catch(() => undefined);
  }
}
