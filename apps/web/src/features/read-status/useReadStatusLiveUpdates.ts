import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChannelReadStatus, Message } from '@hearth/protocol';
import { READ_REFRESH_DEBOUNCE_MS } from '@hearth/protocol/constants';
import { useSession } from '../../app/session';
import { patchLive } from '../live/patch-live';
import { useLiveEvent } from '../live/useLiveEvent';
import { readStatusKeys } from './queries';
import { countMessage, dropWhere, putStatus, type Statuses } from './read-cache';
import { readingOf, tabVisible } from './reading';

/** Fetches the statuses again once no call has come for 200 ms (spec 2 §4, §9). */
function useDebouncedRefresh() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(
      () => void qc.invalidateQueries({ queryKey: readStatusKeys.channels }),
      READ_REFRESH_DEBOUNCE_MS,
    );
  };
}

/**
 * Keeps the read statuses in step with live events, so badges follow at once: someone else's
 * message makes its channel unread (and counts a mention of the user), unless the user is reading
 * it at its newest message; a mark made on another device or tab arrives as
 * channel_read_status_update. What cannot be worked out here (an edit or a deletion that may change
 * a count, access that changed) is fetched again, debounced. Mounted once in the shell.
 */
export function useReadStatusLiveUpdates() {
  const qc = useQueryClient();
  const me = useSession()?.user.id ?? null;
  const refresh = useDebouncedRefresh();
  const cached = () => qc.getQueryData<Statuses>(readStatusKeys.channels);
  const edit = (change: (list: Statuses) => Statuses) => patchLive<Statuses>(qc, readStatusKeys.channels, change);

  useLiveEvent(['message'], (_type, message: Message) => {
    if (me === null || message.user_id === me) return;
    // Being read as it arrives: the list marks it in a moment; lighting it up meanwhile would flicker.
    if (readingOf(qc).channelId === message.channel_id && tabVisible()) return;
    const list = cached();
    // Not loaded yet: a fetch under way may predate this message, and is asked again.
    if (!list) return patchLive<Statuses>(qc, readStatusKeys.channels, (l) => l);
    if (list.some((s) => s.channel_id === message.channel_id)) edit((l) => countMessage(l, message, me));
    else refresh();
  });

  // Only a message after the mark counts; whether its change moved a count, the server says.
  useLiveEvent(
    ['message_updated', 'message_delete', 'message_admin_delete'],
    (_type, { id, channel_id }: { id: number; channel_id: number }) => {
      const status = cached()?.find((s) => s.channel_id === channel_id);
      if (status && id > (status.last_read_message_id ?? 0)) refresh();
    },
  );

  useLiveEvent(['channel_read_status_update'], (_type, status: ChannelReadStatus) => {
    edit((list) => putStatus(list, status));
    refresh();
  });

  useLiveEvent(['channel_deleted'], (_type, { channel_id }: { channel_id: number }) =>
    edit((list) => dropWhere(list, (s) => s.channel_id === channel_id)),
  );
  useLiveEvent(['group_deleted'], (_type, { group_id }: { group_id: number }) =>
    edit((list) => dropWhere(list, (s) => s.group_id === group_id)),
  );
  // A channel moved between groups, or a group shown or hidden: which statuses the user has changed.
  useLiveEvent(['channel_updated', 'permission_granted', 'permission_revoked'], () => refresh());
}
