import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http';
import type { GifPickerPopoverProps } from './GifPickerPopover';

// The picker, its styles and its queries are fetched when it is about to open, never with the app.
const loadPopover = () =>
  import('./GifPickerPopover').then((m) => {
    Loaded = m.default;
    return m;
  });
const Popover = lazy(loadPopover);
/**
 * The picker once its code is here (preloaded): rendered directly, not through lazy(), whose first
 * render suspends even on a loaded module, and React holds a revealed Suspense boundary back for up
 * to 300 ms — most of a first opening's time (bench:web).
 */
let Loaded: ComponentType<GifPickerPopoverProps> | null = null;

/** Only the picker's code: fetched when the page is idle, so even a tap (no hover) finds it here. */
export const preloadGifPickerCode = () => void loadPopover();

/**
 * The picker is about to open (the pointer rests on, or focus reaches, the GIF button): its code and
 * what it shows first are fetched now (gif-queries' prefetchGifPicker, in the picker's own chunk).
 */
export function preloadGifPicker(qc: QueryClient, http: HttpClient): void {
  void loadPopover().then((m) => m.prefetchGifPicker(qc, http));
}

/** The GIF picker as a floating dialog next to `anchor` (see GifPickerPopover). */
export function GifPickerPopover(props: GifPickerPopoverProps) {
  if (!props.open) return null;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  );
}
