import { useCallback, useRef } from 'react';
import type { Message } from '@hearth/protocol';
import { IconButton } from '../../ui';
import { EmojiPickerPopover, type PickedEmoji } from '../emoji';
import { AddReactionIcon } from './icons';
import { useReactionActions } from './useReactionActions';

export interface AddReactionButtonProps {
  message: Message;
  /** Open state of its picker, held by the message so its actions menu can open it too. */
  open: boolean;
  onOpenChange(open: boolean): void;
}

/** The Add Reaction action of a message: opens the emoji picker next to itself; each pick adds a reaction. */
export function AddReactionButton({ message, open, onOpenChange }: AddReactionButtonProps) {
  const { add } = useReactionActions();
  const anchor = useRef<HTMLButtonElement>(null);
  // The latest message, so a picker left open adds to what the message holds now.
  const latest = useRef(message);
  latest.current = message;
  const onPick = useCallback(
    (emoji: PickedEmoji) =>
      void add(
        latest.current,
        emoji.kind === 'custom' ? { id: emoji.id, name: emoji.name, url: emoji.url } : emoji.unicode,
      ),
    [add],
  );
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
