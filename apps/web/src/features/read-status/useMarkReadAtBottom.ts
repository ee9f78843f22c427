import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Message } from '@hearth/protocol';
import { READ_MARK_BOTTOM_MS } from '@hearth/protocol/constants';
import { useSession } from '../../app/session';
import { useMarkChannelRead } from './mutations';
import { readStatusKeys } from './queries';
import { isUnread, type Statuses } from './read-cache';
import { readingOf, tabVisible } from './reading';

function useTabVisible(): boolean {
  const [visible, setVisible] = useState(tabVisible);
  useEffect(() => {
    const onChange = () => setVisible(tabVisible());
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * While the list shows a channel's newest message in a visible tab, the latest message is marked
 * read 200 ms after it is reached or arrives (spec 2 §4), if someone else wrote anything after the
 * last mark. Called by the message list with what it shows.
 */
export function useMarkReadAtBottom(channelId: number, atLatest: boolean, messages: readonly Message[]) {
  const qc = useQueryClient();
  const me = useSession()?.user.id ?? null;
  const mark = useMarkChannelRead().mutate;
  const markRef = useRef(mark);
  markRef.current = mark;
  const visible = useTabVisible();
  // A direct message's conversation (negative id) keeps its own mark (the direct-messages feature).
  const reading = atLatest && visible && channelId > 0;
  const latestId = messages.at(-1)?.id;
  const latestOtherId = messages.findLast((m) => m.user_id !== me)?.id;

  useEffect(() => {
    if (!reading) return;
    const state = readingOf(qc);
    state.channelId = channelId;
    return () => {
      if (state.channelId === channelId) state.channelId = null;
    };
  }, [qc, channelId, reading]);

  useEffect(() => {
    if (!reading || latestId === undefined) return;
    const timer = setTimeout(() => {
      if (readingOf(qc).heldUnread === channelId) return;
      const status = qc.getQueryData<Statuses>(readStatusKeys.channels)?.find((s) => s.channel_id === channelId);
      const behind = latestOtherId !== undefined && latestOtherId > (status?.last_read_message_id ?? 0);
      if (isUnread(status) || behind) markRef.current({ channelId, messageId: latestId });
    }, READ_MARK_BOTTOM_MS);
    return () => clearTimeout(timer);
  }, [qc, channelId, reading, latestId, latestOtherId]);
}
