import type { ChannelReadStatus, GroupReadStatus, Message } from '@hearth/protocol';

/*
 * Edits of the cached read statuses (the answer of GET /channel/read-status/all), pure so they are
 * tested alone. Group statuses are not cached apart: they are sums of these, so a live change to
 * one channel can never leave its group's badge behind.
 */

export type Statuses = readonly ChannelReadStatus[] | undefined;

/** Whether a message pings the reader, as the server counts it: named, or an admin's @everyone. */
export const pingsReader = (message: Pick<Message, 'mentioned_users' | 'mentions_everyone'>, readerId: number) =>
  message.mentions_everyone || message.mentioned_users.some((user) => Number(user.id) === readerId);

export const isUnread = (status: ChannelReadStatus | undefined) =>
  status !== undefined && (status.has_unread || status.unread_mentions > 0);

/** Puts the server's status of a channel in place of the cached one. */
export function putStatus(list: Statuses, status: ChannelReadStatus): Statuses {
  if (!list) return list;
  return list.some((s) => s.channel_id === status.channel_id)
    ? list.map((s) => (s.channel_id === status.channel_id ? status : s))
    : [...list, status];
}

/** Someone else's new message: the channel is unread, and one more mention if it pings the reader. */
export function countMessage(list: Statuses, message: Message, readerId: number): Statuses {
  if (!list) return list;
  const pinged = pingsReader(message, readerId) ? 1 : 0;
  return list.map((s) =>
    s.channel_id === message.channel_id ? { ...s, has_unread: true, unread_mentions: s.unread_mentions + pinged } : s,
  );
}

/** Read at once, while the server is told (it answers with the real status). */
export function markRead(list: Statuses, channelIds: ReadonlySet<number>, messageId: number | null): Statuses {
  if (!list) return list;
  return list.map((s) =>
    channelIds.has(s.channel_id)
      ? {
          ...s,
          has_unread: false,
          unread_mentions: 0,
          last_read_message_id:
            messageId === null ? s.last_read_message_id : Math.max(messageId, s.last_read_message_id ?? 0),
        }
      : s,
  );
}

export const dropWhere = (list: Statuses, gone: (s: ChannelReadStatus) => boolean): Statuses =>
  list?.filter((s) => !gone(s));

/** A group's status, summed from its channels' (as GET /group/read-status/all would answer). */
export function groupStatus(list: Statuses, groupId: number): GroupReadStatus {
  let total = 0;
  let unread = false;
  for (const s of list ?? []) {
    if (s.group_id !== groupId) continue;
    total += s.unread_mentions;
    unread ||= s.has_unread;
  }
  return { group_id: groupId, total_unread_mentions: total, has_unread_messages: unread };
}
