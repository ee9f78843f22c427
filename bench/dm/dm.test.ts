import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:dm at a tiny size', () => {
  it(
    'delivers every direct message and every channel message',
    async () => {
      const run = await runBench('dm', ['--pairs', '3', '--rate', '6', '--channel-rate', '6', '--seconds', '1']);
      expect(run.code, run.output).toBe(0);
      const dm = row(run.stdout, 'direct messages (3 pairs, 6/s)');
      const channel = row(run.stdout, '#general (6 clients, 6/s)');
      for (const r of [dm, channel]) {
        expect(Number(r[1])).toBe(6);
        expect(r.at(-1)).toBe('0 / 0 / 0 / 0');
      }
      expect(run.stdout).toMatch(/Target: a direct message arrives as fast as a channel message .*: (met|MISSED)/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
