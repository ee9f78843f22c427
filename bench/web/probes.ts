/// <reference lib="dom" />
/**
 * Code that runs inside the page. Each function is passed to Playwright, which sends its source to
 * the browser: it may use nothing from its module.
 */
import type { SignedInStorage } from '../shared/sign-in.js';

/** A signed-in visitor (see shared/sign-in.ts) and the channel they open. */
export interface SignedIn extends SignedInStorage {
  /** The channel the visitor opens, by its address. */
  navigation: { groupId: number; channelId: number };
  messageSelector: string;
}

export interface FirstPaint {
  /** ms from navigation until the first message item was in the DOM. */
  inDomMs: number;
  /** ms from navigation until the frame showing it had been painted. */
  paintedMs: number;
}

/**
 * Init script (after the sign-in one of shared/sign-in.ts): records when the first message item
 * appears and when the frame with it has been painted.
 */
export function firstPaintProbe(arg: Pick<SignedIn, 'messageSelector'>): void {
  const w = window as unknown as { benchFirstPaint?: FirstPaint };
  let seen = false;
  const check = () => {
    if (seen || !document.querySelector(arg.messageSelector)) return;
    seen = true;
    observer.disconnect();
    const inDomMs = performance.now();
    // A rAF callback runs before the next paint; a task queued from it runs after that paint.
    requestAnimationFrame(() => setTimeout(() => (w.benchFirstPaint = { inDomMs, paintedMs: performance.now() }), 0));
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
}

export interface ScrollSample {
  /** rAF timestamps while scrolling. */
  frames: number[];
  /** Durations of the long tasks (> 50 ms) the browser reported. */
  longTasks: number[];
}

export function startScrollProbe(): void {
  const sample: ScrollSample & { running: boolean } = { frames: [], longTasks: [], running: true };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) sample.longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });
  const tick = (t: number) => {
    if (!sample.running) return;
    sample.frames.push(t);
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  (window as unknown as { benchScroll: typeof sample }).benchScroll = sample;
}

export function stopScrollProbe(): ScrollSample {
  const sample = (window as unknown as { benchScroll: ScrollSample & { running: boolean } }).benchScroll;
  sample.running = false;
  return { frames: sample.frames, longTasks: sample.longTasks };
}

/** Resolves after the next frame, which paces the wheel steps the way a display does. */
export function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

export interface GifPickerTarget {
  /** The composer's GIF button. */
  button: string;
  /** The pictures of the picker's grid. */
  images: string;
  /** How many make the first page. */
  count: number;
  timeoutMs: number;
}

/**
 * Clicks the GIF button and resolves with the ms from the click until the frame showing the first page
 * of pictures (all `count` decoded, with a size) had been painted.
 */
export function openGifPickerTimed(arg: GifPickerTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const button = document.querySelector<HTMLElement>(arg.button);
    if (!button) return reject(new Error(`No ${arg.button} on the page`));
    const start = performance.now();
    const check = () => {
      const images = Array.from(document.querySelectorAll<HTMLImageElement>(arg.images));
      if (images.length >= arg.count && images.every((i) => i.complete && i.naturalWidth > 0)) {
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        return;
      }
      if (performance.now() - start > arg.timeoutMs)
        return reject(new Error(`${images.length} of ${arg.count} pictures shown after ${arg.timeoutMs} ms`));
      requestAnimationFrame(check);
    };
    button.click();
    requestAnimationFrame(check);
  });
}
