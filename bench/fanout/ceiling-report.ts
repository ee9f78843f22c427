/** The ceilings' part of the fan-out report: every window of each search, then the two ceilings side by side. */
import type { Ceiling } from './ceiling.js';

const ceilingText = (c: Ceiling) =>
  c.passed === undefined
    ? `none (${c.stopped ?? 'no rate passed'})`
    : c.failed === undefined
      ? `over ${c.passed} msg/s (${c.stopped ?? 'none failed'})`
      : `${c.passed} msg/s (${c.failed} failed)`;

export function reportCeilings(
  hearth: Ceiling,
  bare: Ceiling,
  target: { p99Ms: number; ratio: number },
  log: (line: string) => void,
): void {
  log('');
  log(`Ceiling: the highest offered rate whose delivery p99 stays <= ${target.p99Ms} ms with nothing missing`);
  log('(a ramp up by 1.5x from --rate until a window fails, then bisection; one window per rate).');
  log('');
  log(
    '| server | offered msg/s | senders | delivered msg/s | p50 (ms) | p99 (ms) | missing | server CPU | µs per delivery | load ELU | | steal |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  for (const [name, c] of [
    ['Hearth', hearth],
    ['bare ws', bare],
  ] as const) {
    for (const s of c.steps) {
      const l = s.measured.load;
      log(
        `| ${name} | ${s.rate} | ${s.senders} | ${l.deliveredPerSec.toFixed(0)} | ${l.latencyMs.p50.toFixed(1)} | ` +
          `${l.latencyMs.p99.toFixed(1)} | ${l.missing} | ${(s.measured.cpu.server ?? NaN).toFixed(0)}% | ` +
          `${s.measured.serverUsPerDelivery.toFixed(2)} | ${(l.clientElu * 100).toFixed(0)}% | ${s.passed ? 'under' : 'over'} | ` +
          `${(s.measured.cpu.steal ?? NaN).toFixed(0)}% |`,
      );
    }
  }
  log('');
  log(`| ceiling | Hearth | bare ws | Hearth / bare |`);
  log('|---|---:|---:|---:|');
  const r =
    hearth.passed !== undefined && bare.passed !== undefined && bare.passed > 0
      ? `${(hearth.passed / bare.passed).toFixed(2)}x`
      : 'n/a';
  log(`| ceiling (msg/s) | ${ceilingText(hearth)} | ${ceilingText(bare)} | ${r} |`);
  log('');
  // A ceiling not reached (no rate failed) is only a lower bound: the ratio of two of them judges nothing.
  const found = (c: Ceiling) => c.passed !== undefined && c.failed !== undefined;
  if (!found(hearth) || !found(bare)) {
    const ok =
      hearth.passed !== undefined && !found(hearth) && found(bare) && hearth.passed >= target.ratio * bare.passed!;
    log(`Target ceiling >= ${target.ratio} x bare ws: ${ok ? 'met' : 'not judged'} (a ceiling was not reached)`);
    return;
  }
  const ok = hearth.passed! >= target.ratio * bare.passed!;
  log(`Target ceiling >= ${target.ratio} x bare ws: ${ok ? 'met' : 'MISSED'} (${r})`);
}
