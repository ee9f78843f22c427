import { LINK_PREVIEW_TEXT, TEXT, type MessageEmbedsUpdate } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { requireVisibleChannel } from '../groups/access.js';
import { otherParticipant, pairAudience } from '../direct-messages/access.js';
import type { Audience } from '../events/event-log.js';
import type { UserRow } from '../users/user-row.js';

interface Target {
  user_id: number;
  channel_id: number | null;
  conversation_id: number | null;
  group_id: number | null;
  user_low: number | null;
  user_high: number | null;
}

const TARGET_SQL = `
  SELECT m.user_id, m.channel_id, m.conversation_id, c.group_id, dc.user_low, dc.user_high
    FROM messages m LEFT JOIN channels c ON c.id = m.channel_id
    LEFT JOIN dm_conversations dc ON dc.id = m.conversation_id
   WHERE m.id = $1`;

/** Clears the previews, marks them removed (an edit does not bring them back), and tells the viewers. */
async function clear(ctx: AppContext, id: number, event: MessageEmbedsUpdate, audience: Audience) {
  await ctx.db.query(`UPDATE messages SET embeds = '[]'::jsonb, embeds_removed = true WHERE id = $1`, [id]);
  await ctx.events.publish('message_embeds_update', event, audience);
  return event;
}

/** The author removes a channel message's previews: 404 when the caller cannot view it, 403 for anyone else. */
export async function removeChannelEmbeds(ctx: AppContext, user: UserRow, id: number): Promise<MessageEmbedsUpdate> {
  const { rows } = await ctx.db.query<Target>(TARGET_SQL, [id]);
  const row = rows[0];
  if (!row || row.channel_id === null || row.group_id === null) throw notFound(TEXT.messageNotFound);
  try {
    await requireVisibleChannel(ctx.db, user, row.channel_id);
  } catch {
    throw notFound(TEXT.messageNotFound);
  }
  if (row.user_id !== user.id) throw forbidden(LINK_PREVIEW_TEXT.removeNotAuthor);
  const event = { message_id: id, channel_id: row.channel_id, group_id: row.group_id, embeds: [] };
  return clear(ctx, id, event, { kind: 'group', groupId: row.group_id });
}

/** The author removes a direct message's previews: 404 unless the caller takes part, 403 for the other participant. */
export async function removeDmEmbeds(ctx: AppContext, user: UserRow, id: number): Promise<MessageEmbedsUpdate> {
  const { rows } = await ctx.db.query<Target>(TARGET_SQL, [id]);
  const row = rows[0];
  const pair = row && row.conversation_id !== null ? { user_low: row.user_low!, user_high: row.user_high! } : null;
  const otherId = pair ? otherParticipant(user.id, pair) : null;
  if (!row || otherId === null) throw notFound(TEXT.messageNotFound);
  if (row.user_id !== user.id) throw forbidden(LINK_PREVIEW_TEXT.removeNotAuthor);
  const event = { message_id: id, channel_id: row.conversation_id!, group_id: null, embeds: [] };
  return clear(ctx, id, event, pairAudience(user.id, otherId));
}
