import { lazy, Suspense, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../lib/http';
import { prefetchCustomEmoji } from './custom-emoji-queries';
import type { EmojiPickerPopoverProps } from './EmojiPickerPopover';

// The picker, its styles and its data are fetched when it is about to open, never with the app.
const loadPopover = () =>
  import('./EmojiPickerPopover').then((m) => {
    Loaded = m.default;
    return m;
  });
const Popover = lazy(loadPopover);
/**
 * The picker once its code is here (preloaded): rendered directly, not through lazy(), whose first
 * render suspends even on a loaded module, and React holds a revealed Suspense boundary back for up
 * to 300 ms — most of a first opening's time (bench:web).
 */
let Loaded: ComponentType<EmojiPickerPopoverProps> | null = null;

/**
 * The picker may open soon (the page is idle, or the pointer rests on or focus reaches a button that
 * opens it): its code, the standard set and both custom emoji lists are fetched now, so a click or a
 * tap finds them ready. Fresh lists are not asked again.
 */
export function preloadEmojiPicker(qc: QueryClient, http: HttpClient): void {
  void loadPopover();
  void import('./emoji-data').then((m) => m.loadEmojiData());
  prefetchCustomEmoji(qc, http);
}

/**
 * The emoji picker as a floating dialog next to `anchor` (see EmojiPickerPopover). Anything that
 * needs an emoji uses this: reactions, and later the composer and direct messages.
 */
export function EmojiPickerPopover(props: EmojiPickerPopoverProps) {
  if (!props.open) return null;
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  );
}
