import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DmReadEvent } from '@hearth/protocol';
import { useLiveEvent } from '../live/useLiveEvent';
import { dmKeys, setConversationRead } from './queries';

/** Events that change the DM list: a message in or out, and friendships (the list shows only people). */
const LIST_EVENTS = ['direct_message', 'direct_message_edit', 'direct_message_delete', 'friend_removed'];
/** A burst of messages refetches the list once. */
const REFRESH_DEBOUNCE_MS = 200;

/** Keeps the DM list current: read marks applied at once, other changes by a debounced refetch. */
export function useDmLiveUpdates() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  useLiveEvent(LIST_EVENTS, () => {
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(
      () => void qc.invalidateQueries({ queryKey: dmKeys.conversations }),
      REFRESH_DEBOUNCE_MS,
    );
  });
  useLiveEvent<DmReadEvent>(['dm_read_status_update'], (_type, event) => setConversationRead(qc, event));
}
