import { useCallback, useRef, useState } from 'react';
import type { Message } from '@hearth/protocol';
import { IconButton } from '../../ui';
import { EmojiPickerPopover, type PickedEmoji } from '../emoji';
import { AddReactionIcon } from './icons';
import { useReactionActions } from './useReactionActions';
import styles from './ReactionBar.module.css';

/** What a pick in the Add Reaction picker does: adds it to the message as it is now. */
function useAddPicked(message: Message) {
  const { add } = useReactionActions();
  // The latest message, so a picker left open adds to what the message holds now.
  const latest = useRef(message);
  latest.current = message;
  return useCallback(
    (emoji: PickedEmoji) =>
      void add(
        latest.current,
        emoji.kind === 'custom' ? { id: emoji.id, name: emoji.name, url: emoji.url } : emoji.unicode,
      ),
    [add],
  );
}

export interface AddReactionButtonProps {
  message: Message;
  /** Open state of its picker, held by the message so its actions menu can open it too. */
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The Add Reaction action of a message: opens the emoji picker next to itself; each pick adds a reaction. */
export function AddReactionButton({ message, open, onOpenChange }: AddReactionButtonProps) {
  const onPick = useAddPicked(message);
  const anchor = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={anchor}
        aria-label="Add Reaction"
        aria-haspopup="dialog"
        size="sm"
        // Not a tab stop of its own: the message's actions menu offers the same (Enter on the message).
        tabIndex={-1}
        data-state={open ? 'open' : 'closed'}
        onClick={() => onOpenChange(!open)}
      >
        <AddReactionIcon size={18} />
      </IconButton>
      <EmojiPickerPopover
        open={open}
        anchor={anchor}
        title="Add Reaction"
        onOpenChange={onOpenChange}
        onPick={onPick}
      />
    </>
  );
}

/**
 * The '+' after a message's reaction chips: the same picker as Add Reaction, opened from beside the
 * chips. An ordinary button like the chips, so the keyboard reaches it too.
 */
export function AddReactionChip({ message }: { message: Message }) {
  const onPick = useAddPicked(message);
  const anchor = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        ref={anchor}
        type="button"
        className={styles.addChip}
        aria-label="Add Reaction"
        aria-haspopup="dialog"
        aria-expanded={open}
        title="Add Reaction"
        onClick={() => setOpen(!open)}
      >
        <AddReactionIcon size={16} />
      </button>
      <EmojiPickerPopover open={open} anchor={anchor} title="Add Reaction" onOpenChange={setOpen} onPick={onPick} />
    </>
  );
}
