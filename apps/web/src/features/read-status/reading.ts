import type { QueryClient } from '@tanstack/react-query';

/**
 * Which channel the user is reading at its newest message, in a visible tab. A new message there
 * is read as it arrives (the list marks it after 200 ms), so it must not light the channel up in
 * the meantime. Kept per query client (one per signed-in tab, and per test), not in React state:
 * the live handlers only need to look at it when a message comes.
 */
export interface Reading {
  channelId: number | null;
  /**
   * The channel the user marked unread while in it (Mark Unread): it is not marked read again on its
   * own until the user leaves it, as in every chat app; reading it on purpose still works.
   */
  heldUnread: number | null;
}

const byClient = new WeakMap<QueryClient, Reading>();

export function readingOf(qc: QueryClient): Reading {
  let reading = byClient.get(qc);
  if (!reading) byClient.set(qc, (reading = { channelId: null, heldUnread: null }));
  return reading;
}

export const tabVisible = () => document.visibilityState === 'visible';
