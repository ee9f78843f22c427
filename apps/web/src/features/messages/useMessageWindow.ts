import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { fetchMessagePage } from './message-api';
import { MessageWindow, type MessageWindowDeps } from './message-window';
import { rememberingPages } from './recent-messages';

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
        // The newest page is remembered for a reload without network (recent-messages.ts).
        fetchPage: rememberingPages(queryClient, (query) => fetchPage(http, query)),
        subscribeLive: live.subscribe,
      }),
  );
  useEffect(() => {
    store.start();
    return () => store.stop();
  }, [store]);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return { store, state };
}
