import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { fetchMessagePage } from './message-api';
import { MessageWindow, type MessageWindowDeps } from './message-window';
import { offlinePages, rememberNewest } from './recent-messages';

/**
 * The message window of one channel for the component's lifetime; key the component by channel.
 * A direct message's conversation passes its own page source.
 */
export function useMessageWindow(
  channelId: number,
  fetchPage: (
    http: HttpClient,
    query: Parameters<MessageWindowDeps['fetchPage']>[0],
  ) => ReturnType<MessageWindowDeps['fetchPage']> = fetchMessagePage,
) {
  const { http, live, queryClient } = useServices();
  const [store] = useState(
    () =>
      new MessageWindow(channelId, {
        // A reload without network shows the messages last seen (recent-messages.ts).
        fetchPage: offlinePages(queryClient, (query) => fetchPage(http, query)),
        subscribeLive: live.subscribe,
      }),
  );
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  // The newest messages as shown (one's own sends and live ones included), kept for the offline shell.
  useEffect(
    () =>
      store.subscribe(() => {
        const state = store.getSnapshot();
        if (state.generation > 0 && !state.hasNewer) rememberNewest(queryClient, channelId, state.messages);
      }),
    [store, queryClient, channelId],
  );
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, state };
}
