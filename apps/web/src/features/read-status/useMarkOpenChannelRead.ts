import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { READ_MARK_OPEN_MS } from '@hearth/protocol/constants';
import { useNavigation } from '../../app/navigation';
import { useMarkChannelRead } from './mutations';
import { readStatusKeys } from './queries';
import { isUnread, type Statuses } from './read-cache';
import { readingOf, tabVisible } from './reading';

/**
 * Opening a channel marks it read after 500 ms (spec 2 §4), unless the user left it by then, the
 * tab is hidden (nobody is reading), or it has nothing unread. Mounted once in the shell.
 */
export function useMarkOpenChannelRead() {
  const nav = useNavigation();
  const qc = useQueryClient();
  const mark = useMarkChannelRead().mutate;
  const markRef = useRef(mark);
  markRef.current = mark;
  const channelId = nav.onPage ? null : nav.channelId;

  useEffect(() => {
    if (channelId === null) return;
    const reading = readingOf(qc);
    const timer = setTimeout(() => {
      if (!tabVisible() || reading.heldUnread === channelId) return;
      const list = qc.getQueryData<Statuses>(readStatusKeys.channels);
      // Statuses not loaded yet: mark anyway. Loaded without this channel: nothing here to read.
      if (list && !isUnread(list.find((s) => s.channel_id === channelId))) return;
      markRef.current({ channelId, messageId: null });
    }, READ_MARK_OPEN_MS);
    return () => {
      clearTimeout(timer);
      // Leaving a channel marked unread ends the hold: coming back reads it as usual.
      if (reading.heldUnread === channelId) reading.heldUnread = null;
    };
  }, [channelId, qc]);
}
