import { useLayoutEffect, useState, type CSSProperties, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useIsNarrow } from '../../app/useIsNarrow';
import { cx } from '../../ui/cx';
import { useDialogFocus } from '../../ui/dialog-focus';
import { visuallyHidden } from '../../ui/VisuallyHidden';
import EmojiPicker from './EmojiPicker';
import { pickerPosition } from './picker-position';
import type { PickedEmoji } from './types';
import styles from './EmojiPickerPopover.module.css';

export interface EmojiPickerPopoverProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The control it opens from: the picker is placed next to it (centred on a phone). */
  anchor: RefObject<HTMLElement | null>;
  onPick(emoji: PickedEmoji): void;
  /** Names the dialog for assistive technology, e.g. 'Add Reaction'. */
  title?: string;
}

/**
 * The emoji picker as a floating dialog (spec 1 §2): next to its anchor and kept inside the window,
 * centred on a phone; Escape, Ctrl/Cmd+E or a click outside closes it, and focus returns to what
 * opened it. Loaded on first use through LazyEmojiPickerPopover.
 */
export default function EmojiPickerPopover({
  open,
  onOpenChange,
  anchor,
  onPick,
  title = 'Emoji',
}: EmojiPickerPopoverProps) {
  const narrow = useIsNarrow();
  const focus = useDialogFocus(open);
  const [place, setPlace] = useState<CSSProperties>();

  useLayoutEffect(() => {
    if (!open || narrow) return;
    const update = () =>
      setPlace(
        pickerPosition(anchor.current?.getBoundingClientRect() ?? null, {
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
          // React passes a portal's events up to its owner (a message, a list): keys and right-clicks
          // here must not reach their shortcuts and menus.
          onKeyDown={(event) => event.stopPropagation()}
          onContextMenu={(event) => event.stopPropagation()}
        >
          <Dialog.Title className={visuallyHidden}>{title}</Dialog.Title>
          <EmojiPicker onPick={onPick} onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
