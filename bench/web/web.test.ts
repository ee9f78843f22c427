import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@hearth/server/testing';
import { BENCH_RUN_LIMIT_MS, row, runBench } from '../shared/run-bench.js';

const DOC = path.join(REPO_ROOT, 'docs/performance.md');

describe('bench:web at a tiny size', () => {
  it(
    'measures the visits, the first paint, the scroll and both pickers, and leaves the figures in the docs alone',
    async () => {
      const before = readFileSync(DOC, 'utf8');
      const run = await runBench('web', [], { BENCH_SMOKE: '1' });
      expect(run.code, run.output).toBe(0);
      expect(row(run.stdout, 'Initial JS, gzip')[1]).toMatch(/^\d+\.\d KB \(\d+ files/);
      expect(row(run.stdout, 'First visit: all received')[1]).toMatch(/^\d+\.\d KB \(HTML/);
      expect(row(run.stdout, 'First message painted')[1]).toMatch(/^\d+ ms median of 1/);
      expect(row(run.stdout, 'Scrolling: frame rate')[1]).toMatch(/^\d+\.\d fps/);
      expect(row(run.stdout, 'First page shown, opened again')[1]).toMatch(/^\d+ ms median of 1/);
      expect(row(run.stdout, 'Grid shown, opened again')[1]).toMatch(/^\d+ ms median of 1/);
      // The 3,000+ target counts the 1,250 custom emoji of a full run: here, the standard set is there.
      const offered = /^([\d,]+); \d+ cells in the page$/.exec(row(run.stdout, 'Emoji offered (All tab)')[1]!);
      expect(Number(offered?.[1]?.replaceAll(',', ''))).toBeGreaterThan(1_000);
      expect(readFileSync(DOC, 'utf8')).toBe(before);
    },
    BENCH_RUN_LIMIT_MS + 30_000,
  );
});
