import { lazy, Suspense } from 'react';
import type { EmojiPickerPopoverProps } from './EmojiPickerPopover';

// The picker, its styles and its data are fetched the first time it opens, never with the app.
const Popover = lazy(() => import('./EmojiPickerPopover'));

/**
 * The emoji picker as a floating dialog next to `anchor` (see EmojiPickerPopover). Anything that
 * needs an emoji uses this: reactions, and later the composer and direct messages.
 */
export function EmojiPickerPopover(props: EmojiPickerPopoverProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Popover {...props} />
    </Suspense>
  );
}
