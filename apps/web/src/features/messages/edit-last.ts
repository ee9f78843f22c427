import { useCallback, useEffect, useRef, type KeyboardEvent } from 'react';
import type { Message } from '@hearth/protocol';
import { messagePermissions, type Viewer } from './message-permissions';

/**
 * ArrowUp in an empty composer edits the user's newest message, as in Discord. The composer and the
 * message list are siblings that share only the conversation's id (a channel's id, or a direct
 * conversation's negative one), so the list on screen answers requests for its id here.
 */
type EditLast = (from: HTMLElement) => boolean;

const lists = new Map<number, EditLast>();

/** Asks the list of `conversationId` to edit the newest message; false when there is none to edit. */
export function requestEditLast(conversationId: number, from: HTMLElement): boolean {
  return lists.get(conversationId)?.(from) ?? false;
}

/** The newest message in `messages` that `viewer` may edit: their own, not removed by an admin. */
export function newestEditable(messages: readonly Message[], viewer: Viewer | null): Message | null {
  return messages.findLast((message) => messagePermissions(message, viewer).canEdit) ?? null;
}

/**
 * For the message list: answers ArrowUp from its conversation's composer. `edit(message, from)`
 * opens the editor on the message; `from` is the composer, where focus goes back when it closes.
 */
export function useEditLastRequests(
  conversationId: number,
  messages: readonly Message[],
  viewer: Viewer | null,
  edit: (message: Message, from: HTMLElement) => void,
): void {
  const latest = useRef({ messages, viewer, edit });
  latest.current = { messages, viewer, edit };
  useEffect(() => {
    const answer: EditLast = (from) => {
      const { messages: shown, viewer: user, edit: open } = latest.current;
      const message = newestEditable(shown, user);
      if (!message) return false;
      open(message, from);
      return true;
    };
    lists.set(conversationId, answer);
    return () => {
      if (lists.get(conversationId) === answer) lists.delete(conversationId);
    };
  }, [conversationId]);
}

/**
 * For the composer: a key handler that turns ArrowUp into editing the newest message while the
 * composer is `empty` (no text, nothing attached) with the caret at its start. It says whether it
 * took the key; a suggestion popup, which moves with ArrowUp, gets the key first.
 */
export function useArrowUpToEdit(conversationId: number, empty: boolean) {
  return useCallback(
    (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
      if (event.key !== 'ArrowUp' || !empty || event.nativeEvent.isComposing) return false;
      if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey) return false;
      if (event.currentTarget.selectionStart !== 0 || !requestEditLast(conversationId, event.currentTarget))
        return false;
      event.preventDefault();
      return true;
    },
    [conversationId, empty],
  );
}
