import { visibleGroupSql } from '../groups/access.js';
import type { UserRow } from '../users/user-row.js';

/*
 * Read status is derived, never counted up: a message writes nothing per reader. Each visible text
 * channel is compared with the user's last read message there (channel_reads; no row: nothing read):
 *
 * - has_unread: the newest message of someone else is after it. A walk of messages_channel_id_id_idx
 *   backwards from the channel's end that stops at the first such message (the user's own messages
 *   never make a channel unread, as they were read while written). Written as "newest, then compare"
 *   rather than EXISTS (... id > last read): the planner cannot tell where in a channel the mark is,
 *   and for EXISTS it chose to scan the whole table, filtering.
 * - unread_mentions: messages after it that name the user (a range of message_mentions' primary key,
 *   user and channel first) or ping everyone (messages_everyone_idx, partial, so only @everyone
 *   messages are read; only those since the user's account existed, so a newcomer does not inherit
 *   every @everyone ever sent). UNION counts a message that does both once.
 *
 * So the cost follows the number of channels and of unread mentions, not the length of the history.
 * Parameters: $1 user id, $2 the user's created_at, $3 a group or null, $4 channel ids or null.
 */
export function channelStatusSql(user: Pick<UserRow, 'id' | 'role'>): string {
  return `
  SELECT c.id AS channel_id, c.group_id, r.last_read_message_id, r.last_read_at,
         COALESCE((
           SELECT m.id FROM messages m WHERE m.channel_id = c.id AND m.user_id <> $1 ORDER BY m.id DESC LIMIT 1
         ), 0) > COALESCE(r.last_read_message_id, 0) AS has_unread,
         (SELECT count(*) FROM (
            SELECT mm.message_id FROM message_mentions mm
             WHERE mm.user_id = $1 AND mm.channel_id = c.id AND mm.message_id > COALESCE(r.last_read_message_id, 0)
            UNION
            SELECT m.id FROM messages m
             WHERE m.channel_id = c.id AND m.mentions_everyone AND m.id > COALESCE(r.last_read_message_id, 0)
               AND m.user_id <> $1 AND m.created_at >= $2
          ) AS unread)::int AS unread_mentions
    FROM channels c
    LEFT JOIN channel_reads r ON r.user_id = $1 AND r.channel_id = c.id
   WHERE c.channel_type = 'text'
     AND ${visibleGroupSql(user, 'c.group_id', '$1')}
     AND ($3::bigint IS NULL OR c.group_id = $3)
     AND ($4::bigint[] IS NULL OR c.id = ANY ($4::bigint[]))
   ORDER BY c.id`;
}

/** Per visible group (one, with $3), the sums of channelStatusSql; a group without text channels reads as read. */
export function groupStatusSql(user: Pick<UserRow, 'id' | 'role'>): string {
  return `
  SELECT g.id AS group_id,
         COALESCE(sum(s.unread_mentions), 0)::int AS total_unread_mentions,
         COALESCE(bool_or(s.has_unread), false) AS has_unread_messages
    FROM groups g
    LEFT JOIN (${channelStatusSql(user)}) s ON s.group_id = g.id
   WHERE ${visibleGroupSql(user, 'g.id', '$1')}
     AND ($3::bigint IS NULL OR g.id = $3)
   GROUP BY g.id
   ORDER BY g.id`;
}
