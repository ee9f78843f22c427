import { useEffect, useState, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { fetchMessagePage } from './message-api';
import { MessageWindow } from './message-window';

/** The message window of one channel for the component's lifetime; key the component by channel. */
export function useMessageWindow(channelId: number) {
  const { http, live } = useServices();
  const [store] = useState(
    () =>
      new MessageWindow(channelId, {
        fetchPage: (query) => fetchMessagePage(http, query),
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
