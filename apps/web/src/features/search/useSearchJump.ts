import { useEffect, useSyncExternalStore } from 'react';
import { searchJumps } from './search-state';

/**
 * In a message list: takes the jump a search result asked for in this place, once the window has its
 * first page (a jump into a place just opened waits for it), and shows the message with the reply
 * jump (replies/useReplyJump.ts: loaded around it when far back, centred, highlighted).
 */
export function useSearchJump(placeId: number, ready: boolean, jumpTo: (messageId: number) => void): void {
  const pending = useSyncExternalStore(searchJumps.subscribe, searchJumps.get);
  useEffect(() => {
    if (!ready || pending === null) return;
    const jump = searchJumps.take(placeId);
    if (jump) jumpTo(jump.messageId);
  }, [placeId, ready, pending, jumpTo]);
}
