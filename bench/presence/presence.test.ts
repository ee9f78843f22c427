import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:presence at a tiny size', () => {
  it(
    'runs the three kinds of window, misses no delivery, and makes every request',
    async () => {
      const args = ['--clients', '10', '--flips', '2', '--rate', '10', '--seconds', '1', '--rounds', '1'];
      const run = await runBench('presence', args);
      expect(run.code, run.output).toBe(0);
      for (const label of ['1: messages alone', '2: with 2 status changes/s', '3: with 2 status reads/s']) {
        const cells = row(run.stdout, label);
        expect(Number(cells[1])).toBeGreaterThan(0); // deliveries/s
        expect(cells[6]).toBe('0'); // missing
      }
      expect(run.stdout).toMatch(/Requests made: \d+ status changes, .*; \d+ reads; 0 failed\./);
      expect(run.stdout).toMatch(/Target: pooled message p99 with churn <= 1\.1 x without: (met|MISSED)/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
