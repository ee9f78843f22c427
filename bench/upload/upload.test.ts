import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:upload at a tiny size', () => {
  it(
    'uploads each file and samples the server memory around it',
    async () => {
      const run = await runBench('upload', ['--megabytes', '1', '--uploads', '2']);
      expect(run.code, run.output).toBe(0);
      for (const n of ['1', '2']) {
        const [, ms, , peak] = row(run.stdout, `${n} |`);
        expect(Number(ms)).toBeGreaterThan(0);
        expect(peak).toMatch(/^\d+\.\d MB$/);
      }
      expect(run.stdout).toMatch(/Budget: memory flat while uploading .*: (met|MISSED)/);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
