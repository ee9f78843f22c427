import { useEffect } from 'react';

/**
 * The pins panel opens from the conversation's header, beside the message list rather than inside it,
 * so it cannot reach the list's jump (replies/useReplyJump.ts) through context. The list on screen
 * answers jumps for its conversation's id here instead, as it answers ArrowUp (messages/edit-last.ts).
 */
type Jump = (messageId: number) => void;

const lists = new Map<number, Jump>();

/** Shows a message in the list of `windowId` (a channel's id, or a conversation's); false when none is on screen. */
export function requestJump(windowId: number, messageId: number): boolean {
  const jump = lists.get(windowId);
  if (!jump) return false;
  jump(messageId);
  return true;
}

/** For the message list: answers jumps to messages of its conversation. */
export function useJumpRequests(windowId: number, jump: Jump): void {
  useEffect(() => {
    lists.set(windowId, jump);
    return () => {
      if (lists.get(windowId) === jump) lists.delete(windowId);
    };
  }, [windowId, jump]);
}
