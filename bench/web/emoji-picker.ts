/**
 * The emoji picker's budget (spec budget: opens in ≤ 100 ms with 3,000+ emoji, virtualised grid;
 * nothing added to the initial JS): opened from the composer in fresh browser contexts (the picker's
 * chunk, the emoji data and both custom emoji lists fetched), then again in the same page (cached).
 */
import type { Page } from 'playwright';
import { sized } from '../shared/smoke.js';
import { chunkGzip, inInitialJs, sortedMs, timeOpenings } from './picker-openings.js';
import type { InitialSizes } from './sizes.js';

export const EMOJI_RUNS = sized(5, 1);
export const EMOJI_TARGET_MS = 100;
/** A text only the picker's code holds: found in an initial script, the picker would not be lazy. */
const PICKER_MARKER = 'Refresh custom emojis';

export interface EmojiPickerTarget {
  button: string;
  timeoutMs: number;
}

export interface EmojiOpening {
  /** ms from the click until the frame showing the grid, custom emoji included, had been painted. */
  ms: number;
  /** What the All tab counted, and how many cells were in the page. */
  total: number;
  cells: number;
}

/**
 * Runs in the page (it may use nothing from this module): clicks the composer's emoji button and
 * resolves once the grid shows its first row of custom pictures (the lists arrive after the standard
 * set) and that frame has been painted.
 */
export function openEmojiPickerTimed(target: EmojiPickerTarget): Promise<EmojiOpening> {
  return new Promise((resolve, reject) => {
    const button = document.querySelector<HTMLElement>(target.button);
    if (!button) return reject(new Error(`no ${target.button}`));
    const start = performance.now();
    const timer = setTimeout(() => reject(new Error('the emoji picker did not show its grid')), target.timeoutMs);
    const check = () => {
      const grid = document.querySelector('[role="dialog"] [data-emoji-grid]');
      if (!grid?.querySelector('[data-cell] img')) return false;
      observer.disconnect();
      const shown = performance.now();
      const all = document.querySelector('[role="dialog"] [role="tab"]')?.textContent ?? '';
      const total = Number(all.replace(/\D/g, ''));
      const cells = grid.querySelectorAll('[data-cell]').length;
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve({ ms: Math.max(shown, performance.now()) - start, total, cells });
        }, 0),
      );
      return true;
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true });
    button.click();
  });
}

const TARGET: EmojiPickerTarget = { button: 'button[aria-label="Emoji"]', timeoutMs: 10_000 };

export interface EmojiPickerFigures {
  /** First openings, ms: clicked at once, and after the pointer rested on the button (see picker-openings). */
  tapped: number[];
  hovered: number[];
  /** Opened again in the same page. */
  again: number[];
  total: number;
  cells: number;
  /** The picker's own chunk (script and style sheet), gzip level 9. */
  chunkGzip: number;
  inInitialJs: boolean;
}

export async function measureEmojiPicker(
  dist: string,
  sizes: InitialSizes,
  openChannel: () => Promise<{ page: Page; close(): Promise<void> }>,
): Promise<EmojiPickerFigures> {
  const openings = await timeOpenings(EMOJI_RUNS, openChannel, {
    button: TARGET.button,
    dialog: 'Emoji',
    open: (page) => page.evaluate(openEmojiPickerTimed, TARGET),
  });
  const last = openings.hovered.at(-1);
  return {
    tapped: sortedMs(openings.tapped),
    hovered: sortedMs(openings.hovered),
    again: sortedMs(openings.again),
    total: last?.total ?? 0,
    cells: last?.cells ?? 0,
    chunkGzip: chunkGzip(dist, 'EmojiPickerPopover'),
    inInitialJs: inInitialJs(dist, sizes, PICKER_MARKER),
  };
}
