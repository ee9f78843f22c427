/**
 * What the benchmarks that write docs/performance.md themselves share: a section put in place, a
 * results table (Measure | Result | Target | met or missed), and the percentile of a sorted sample.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SMOKE } from './smoke.js';

/**
 * Puts a section under `heading` (e.g. "## Web client") into a Markdown file such as
 * docs/performance.md: replaces the one there, or appends it after whatever other sections the file
 * has (other benchmarks write their own).
 */
export function writeSection(file: string, body: string, heading: string): void {
  // A tiny run's figures mean nothing: it only prints them.
  if (SMOKE) return;
  const section = `${heading}\n\n${body.trim()}\n`;
  if (!existsSync(file)) {
    writeFileSync(file, section);
    return;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.search(new RegExp(`^${heading}\\s*$`, 'm'));
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const rest = text.slice(start + heading.length);
  const next = rest.search(/^## /m);
  const after = next === -1 ? '' : `\n${rest.slice(next)}`;
  writeFileSync(file, `${text.slice(0, start)}${section}${after}`);
}

/** A Markdown table whose columns line up (the formatter would align it anyway). */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** The header of a results table; the last column holds verdict(). */
export const RESULTS_HEADER = ['Measure', 'Result', 'Target', ''];

/** The last column of a results table row that has a target. */
export const verdict = (ok: boolean): string => (ok ? 'met' : '**missed**');

/** The value at percentile p (0..100) of an ascending sample: the upper one of two middles for p = 50. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
