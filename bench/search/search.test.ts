import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:search at a tiny size', () => {
  it(
    'loads messages over channels, builds the index after them, and searches without errors',
    async () => {
      const run = await runBench('search', ['--messages', '5000', '--channels', '5', '--requests', '10']);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('5000 messages loaded over 5 channels');
      for (const label of ['Plain word', 'Quoted phrase', 'Word and from: or in:']) {
        const cells = row(run.stdout, label);
        expect(cells[3]).toBe('0');
        expect(Number(cells[2])).toBeGreaterThan(0);
      }
      expect(run.stdout).toMatch(/Budget 1-client p99 <= 50 ms, Plain word: (met|MISSED)/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
