import type { RefObject } from 'react';
import { AnchoredDialog } from '../../ui/AnchoredDialog';
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
  return (
    <AnchoredDialog
      open={open}
      onOpenChange={onOpenChange}
      anchor={anchor}
      title={title}
      place={pickerPosition}
      sizeClass={styles.size!}
    >
      <EmojiPicker onPick={onPick} onClose={() => onOpenChange(false)} />
    </AnchoredDialog>
  );
}
