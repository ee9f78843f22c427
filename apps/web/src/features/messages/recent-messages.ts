import type { QueryClient } from '@tanstack/react-query';
import type { Message } from '@hearth/protocol';
import { ApiError } from '../../lib/http';
import { PERSISTED, SAVED_MAX_AGE_MS } from '../../app/query-persistence';
import type { PageQuery } from './message-window';

/** The newest page of each channel or conversation opened lately, kept for the offline shell. */
export const recentMessagesKey = (channelId: number) => ['recent-messages', channelId] as const;

/** How many channels and conversations keep their newest page: the ones opened last. */
export const RECENT_CHANNELS_MAX = 20;

/** Messages kept per channel: the newest page's worth. */
export const RECENT_MESSAGES_MAX = 30;

/**
 * Keeps the newest messages of a channel or conversation as the window shows them (its own sends and
 * live messages included), for the offline shell; the channels opened longest ago give way.
 */
export function rememberNewest(qc: QueryClient, channelId: number, messages: readonly Message[]): void {
  const recent = messages.slice(-RECENT_MESSAGES_MAX);
  const known = qc.getQueryData<Message[]>(recentMessagesKey(channelId));
  if (known && known.length === recent.length && known.every((m, i) => m === recent[i])) return;
  // Persisted (app/query-persistence.ts) and kept while no list shows it, as long as a saved copy lasts.
  qc.setQueryDefaults(['recent-messages'], { meta: PERSISTED, gcTime: SAVED_MAX_AGE_MS });
  qc.setQueryData(recentMessagesKey(channelId), recent);
  const kept = qc
    .getQueryCache()
    .findAll({ queryKey: ['recent-messages'] })
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  for (const old of kept.slice(RECENT_CHANNELS_MAX)) qc.removeQueries({ queryKey: old.queryKey, exact: true });
}

/**
 * A message window's page source that, when the network fails (no answer at all, not a refusal),
 * answers a newest page from the messages remembered (rememberNewest): a reload without network
 * shows the channel's recent messages under the offline notice. The resync of the next live session
 * loads the real newest page (lib/live.ts), so the remembered one is replaced as soon as the server
 * is back. Pages further back or forward always come from the server.
 */
export function offlinePages(
  qc: QueryClient,
  fetchPage: (query: PageQuery) => Promise<Message[]>,
): (query: PageQuery) => Promise<Message[]> {
  return async (query) => {
    const newest = query.before === undefined && query.after === undefined && query.around === undefined;
    try {
      return await fetchPage(query);
    } catch (err) {
      const known =
        newest && !(err instanceof ApiError) && qc.getQueryData<Message[]>(recentMessagesKey(query.channelId));
      if (known) return known;
      throw err;
    }
  };
}
