import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { GifResult } from '@hearth/protocol';
import { useIsNarrow } from '../../app/useIsNarrow';
import { cx } from '../../ui/cx';
import { useDialogFocus } from '../../ui/dialog-focus';
import { visuallyHidden } from '../../ui/VisuallyHidden';
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
  const narrow = useIsNarrow();
  const focus = useDialogFocus(open);
  const [place, setPlace] = useState<CSSProperties>();

  useLayoutEffect(() => {
    if (!open || narrow) return;
    const update = () =>
      setPlace(
        gifPickerPosition(anchor.current?.getBoundingClientRect() ?? null, {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
      );
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [open, narrow, anchor]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {narrow && <Dialog.Overlay className={styles.overlay} />}
        <Dialog.Content
          className={cx(styles.popover, narrow && styles.centred)}
          style={narrow ? undefined : place}
          aria-describedby={undefined}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          // React passes a portal's events up to its owner (the composer's form): keys must not reach it.
          onKeyDown={(event) => event.stopPropagation()}
          onContextMenu={(event) => event.stopPropagation()}
        >
          <Dialog.Title className={visuallyHidden}>GIFs</Dialog.Title>
          <GifPicker onPick={onPick} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
