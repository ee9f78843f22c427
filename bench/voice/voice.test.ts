import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:voice at a tiny size', () => {
  it(
    'times a join of two people until audio flows through the relay, and the CPU of the call',
    async () => {
      const run = await runBench('voice', [], { BENCH_SMOKE: '1' });
      expect(run.code, run.output).toBe(0);
      expect(row(run.stdout, 'Join to audio flowing, 2 participants')[1]).toMatch(/^\d+ ms \(1 run\)/);
      expect(row(run.stdout, 'CPU per participant, 2 in the call')[1]).toMatch(/^\d+\.\d % of a core/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
