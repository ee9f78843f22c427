import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADING = '## Web client';

/**
 * Puts a section (by default "Web client") into docs/performance.md: replaces the one there, or appends
 * it after whatever other sections the file has (other benchmarks write their own).
 */
export function writeSection(file: string, body: string, heading: string = HEADING): void {
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
