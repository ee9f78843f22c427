import type { RefObject } from 'react';
import type { GifResult } from '@hearth/protocol';
import { AnchoredDialog } from '../../ui/AnchoredDialog';
import GifPicker from './GifPicker';
import { gifPickerPosition } from './gif-position';
import styles from './GifPicker.module.css';

// Here, so LazyGifPickerPopover's warm-up loads the queries with the picker instead of with the app.
export { prefetchGifPicker } from './gif-queries';

export interface GifPickerPopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button it opens from: the picker is placed beside it (centred on a phone). */
  anchor: RefObject<HTMLElement | null>;
  onPick(gif: GifResult): void;
}

/**
 * The GIF picker as a floating dialog, like the emoji picker: next to its button and kept inside the
 * window, centred on a phone; the close button, Escape or a click outside closes it, and focus goes
 * back to the button. Loaded on first use through LazyGifPickerPopover.
 */
export default function GifPickerPopover({ open, onOpenChange, anchor, onPick }: GifPickerPopoverProps) {
  return (
    <AnchoredDialog
      open={open}
      onOpenChange={onOpenChange}
      anchor={anchor}
      title="GIFs"
      place={gifPickerPosition}
      sizeClass={styles.size!}
    >
      <GifPicker onPick={onPick} onClose={() => onOpenChange(false)} />
    </AnchoredDialog>
  );
}
