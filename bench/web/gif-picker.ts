/**
 * The GIF picker's budget (spec budget: first page in ≤ 300 ms from the built-in provider, nothing added
 * to the initial JS): opened from the composer in fresh browser contexts (the picker's chunk, its CSS,
 * the provider's answer and 15 GIFs fetched as picker-openings describes), then again in the same page.
 */
import type { Page } from 'playwright';
import { sized } from '../shared/smoke.js';
import { GIF_PICKER_PAGE_SIZE } from '@hearth/protocol/gif-rules';
import { chunkGzip, inInitialJs, sortedMs, timeOpenings } from './picker-openings.js';
import { openGifPickerTimed, type GifPickerTarget } from './probes.js';
import type { InitialSizes } from './sizes.js';

export const GIF_RUNS = sized(5, 1);
export const GIF_TARGET_MS = 300;
const TARGET: GifPickerTarget = {
  button: 'button[aria-label="Open GIF picker"]',
  images: '[role="dialog"] ul[aria-label="GIFs"] img',
  count: GIF_PICKER_PAGE_SIZE,
  timeoutMs: 10_000,
};
/** A text only the picker's code holds: found in an initial script, the picker would not be lazy. */
const PICKER_MARKER = 'Loading trending GIFs...';

export interface GifPickerFigures {
  /** First openings, ms: clicked at once, and after the pointer rested on the button (see picker-openings). */
  tapped: number[];
  hovered: number[];
  /** Opened again in the same page. */
  again: number[];
  /** The picker's own chunk (script and style sheet), gzip level 9. */
  chunkGzip: number;
  inInitialJs: boolean;
}

export async function measureGifPicker(
  dist: string,
  sizes: InitialSizes,
  openChannel: () => Promise<{ page: Page; close(): Promise<void> }>,
): Promise<GifPickerFigures> {
  const openings = await timeOpenings(GIF_RUNS, openChannel, {
    button: TARGET.button,
    dialog: 'GIFs',
    open: (page) => page.evaluate(openGifPickerTimed, TARGET),
  });
  return {
    tapped: sortedMs(openings.tapped),
    hovered: sortedMs(openings.hovered),
    again: sortedMs(openings.again),
    chunkGzip: chunkGzip(dist, 'GifPickerPopover'),
    inInitialJs: inInitialJs(dist, sizes, PICKER_MARKER),
  };
}
