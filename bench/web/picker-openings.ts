/**
 * Timing a lazily loaded picker's openings, as the GIF and emoji picker budgets are measured: in a
 * page that shows the channel, fresh browser context each time (cold browser cache).
 * Each first opening waits until the page is idle (the network quiet, then an idle callback), as a
 * person reads the channel before reaching for a picker; what the page fetches when idle is warmed.
 * - tapped: clicked with no pointer on the button first (a tap on a phone);
 * - hovered: the pointer rests on the button for HOVER_MS first, as a person's does before a click
 *   (the button then fetches what the picker shows first), and the click is timed;
 * - again: Escape, then the button once more in the same page (everything cached).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright';
import type { InitialSizes } from './sizes.js';

/** How long the pointer rests on the button before the click in the hovered openings. */
export const HOVER_MS = 250;

export interface Openings<T> {
  tapped: T[];
  hovered: T[];
  again: T[];
}

export interface PickerProbe<T> {
  /** CSS selector of the button that opens the picker. */
  button: string;
  /** The picker dialog's accessible name. */
  dialog: string;
  /** Clicks the button and answers once the picker shows what is timed. */
  open(page: Page): Promise<T>;
}

/** The network quiet for 500 ms, then an idle callback (what the page does when idle has started). */
async function untilIdle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 5_000 })));
  await page.waitForLoadState('networkidle');
}

/** `runs` of each kind, after one warm-up of each (the server's first answers are slower). */
export async function timeOpenings<T>(
  runs: number,
  openChannel: () => Promise<{ page: Page; close(): Promise<void> }>,
  probe: PickerProbe<T>,
): Promise<Openings<T>> {
  const result: Openings<T> = { tapped: [], hovered: [], again: [] };
  for (let run = 0; run <= runs; run++) {
    for (const hover of [false, true]) {
      const opened = await openChannel();
      try {
        const { page } = opened;
        await untilIdle(page);
        if (hover) {
          await page.hover(probe.button);
          await page.waitForTimeout(HOVER_MS);
        }
        const first = await probe.open(page);
        await page.keyboard.press('Escape');
        await page.getByRole('dialog', { name: probe.dialog }).waitFor({ state: 'hidden' });
        const again = await probe.open(page);
        if (run === 0) continue;
        (hover ? result.hovered : result.tapped).push(first);
        if (hover) result.again.push(again);
      } finally {
        await opened.close();
      }
    }
  }
  return result;
}

/** The gzip size (level 9) of the picker's own chunk: the scripts and style sheets named `prefix-*`. */
export function chunkGzip(dist: string, prefix: string): number {
  const assets = path.join(dist, 'assets');
  return readdirSync(assets)
    .filter((f) => f.startsWith(`${prefix}-`) && /\.(js|css)$/.test(f))
    .reduce((sum, f) => sum + gzipSync(readFileSync(path.join(assets, f)), { level: 9 }).length, 0);
}

/** Whether a text only the picker's code holds is in a script index.html loads (it should not be). */
export function inInitialJs(dist: string, sizes: InitialSizes, marker: string): boolean {
  return sizes.js.some((a) => readFileSync(path.join(dist, a.file.replace(/^\//, '')), 'utf8').includes(marker));
}

export const sortedMs = (values: { ms: number }[] | number[]) =>
  values.map((v) => (typeof v === 'number' ? v : v.ms)).sort((a, b) => a - b);
