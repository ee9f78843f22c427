import { describe, expect, it } from 'vitest';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

describe('bench:history at a tiny size', () => {
  it(
    'loads a history with more pictures than one account may store, and pages through it without errors, also while messages are sent',
    async () => {
      // 5,000 messages bring 500 pictures of 2.4 MB: 1.2 GB, over the 1 GB storage limit.
      const run = await runBench('history', [
        '--messages',
        '5000',
        '--requests',
        '20',
        '--clients',
        '2',
        '--seconds',
        '1',
        '--send-rate',
        '10',
      ]);
      expect(run.code, run.output).toBe(0);
      expect(run.stdout).toContain('5000 messages loaded into #general');
      expect(row(run.stdout, 'Errors (1 client / concurrent)').slice(1)).toEqual(['0 / 0', '0 / 0']);
      for (const pages of row(run.stdout, '1 client: pages/s').slice(1)) expect(Number(pages)).toBeGreaterThan(0);
      expect(run.stdout).toMatch(/Budget 1-client p99 <= 5 ms, After ANALYZE: (met|MISSED)/);
      // The readers again while 10 msg/s are sent for 1 s: pages answered, every message delivered.
      expect(Number(row(run.stdout, 'pages/s')[1])).toBeGreaterThan(0);
      expect(row(run.stdout, 'page errors')[1]).toBe('0');
      expect(row(run.stdout, 'messages sent / delivered to the senders / missing')[1]).toBe('10 / 50 / 0');
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
