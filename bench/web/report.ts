import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const HEADING = '## Web client';

/**
 * Puts the "Web client" section into docs/performance.md: replaces the one there, or appends it after
 * whatever other sections the file has (other benchmarks write their own).
 */
export function writeSection(file: string, body: string): void {
  const section = `${HEADING}\n\n${body.trim()}\n`;
  if (!existsSync(file)) {
    writeFileSync(file, section);
    return;
  }
  const text = readFileSync(file, 'utf8');
  const start = text.search(/^## Web client\s*$/m);
  if (start === -1) {
    writeFileSync(file, `${text.trimEnd()}\n\n${section}`);
    return;
  }
  const rest = text.slice(start + HEADING.length);
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
