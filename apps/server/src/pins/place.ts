import { PIN_TEXT, type MessagePinUpdate } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Audience } from '../events/event-log.js';
import { requireVisibleChannel } from '../groups/access.js';
import { forbidden } from '../http/errors.js';
import { isAdmin, type UserRow } from '../users/user-row.js';
import { pairAudience, requireReadable } from '../direct-messages/access.js';
import { MESSAGE_SELECT_COLUMNS } from '../messages/message-row.js';
import { DM_MESSAGE_COLUMNS } from '../direct-messages/dm-row.js';

/**
 * Where pins are kept: a channel, or a direct conversation. Both are the messages table with the place
 * in another column, so the pins service is one piece of code over the few things that differ here:
 * who may pin, the SQL naming the place, the texts, and who is told.
 */
export interface PinPlace {
  /** The channel's id, or the conversation's (negative). */
  id: number;
  kind: 'channel' | 'conversation';
  /** The messages column naming the place. */
  column: 'channel_id' | 'conversation_id';
  /** A message's columns (MessageRow) and the FROM that they need, `m` being the message. */
  columns: string;
  from: string;
  /** Locks the place's row for a pin's transaction ($1 the place), so pins of one place are counted one at a time. */
  lockSql: string;
  /** The live event a new message of the place is. */
  messageEvent: 'message' | 'direct_message';
  audience: Audience;
  /** Publishes `message_pin_update` to those who see the place. */
  announce(ctx: AppContext, update: Omit<MessagePinUpdate, 'channel_id' | 'dm_user_id'>): Promise<void>;
}

const onlyUser = (id: number): Audience => ({ kind: 'users', userIds: [id] });

/**
 * A channel as the caller sees it: one they cannot view is 404 (requireVisibleChannel). Changing its pins
 * (`write`) is for admins, as removing someone else's message is: 403 for anyone else.
 */
export async function channelPlace(
  ctx: AppContext,
  user: UserRow,
  channelId: number,
  write: boolean,
): Promise<PinPlace> {
  const { channel } = await requireVisibleChannel(ctx.db, user, channelId);
  if (write && !isAdmin(user)) throw forbidden(PIN_TEXT.adminsOnly);
  const audience: Audience = { kind: 'group', groupId: channel.group_id };
  return {
    id: channel.id,
    kind: 'channel',
    column: 'channel_id',
    columns: MESSAGE_SELECT_COLUMNS,
    from: 'messages m JOIN users u ON u.id = m.user_id JOIN channels c ON c.id = m.channel_id',
    // Not FOR UPDATE: a message's insert holds a key-share lock on its channel, which this leaves alone.
    lockSql: 'SELECT 1 FROM channels WHERE id = $1 FOR NO KEY UPDATE',
    messageEvent: 'message',
    audience,
    announce: async (c, update) => {
      await c.events.publish('message_pin_update', { channel_id: channel.id, ...update }, audience);
    },
  };
}

/**
 * The conversation with `otherId`, for either participant, reading or pinning alike: a third user never
 * reaches it (404, as for its history), and nobody across a block (403 'You cannot view this
 * conversation', as for its history). No friendship is needed, as for reactions: pinning says nothing new.
 */
export async function conversationPlace(ctx: AppContext, user: UserRow, otherId: number): Promise<PinPlace> {
  const { id } = await requireReadable(ctx.db, user, otherId);
  return {
    id,
    kind: 'conversation',
    column: 'conversation_id',
    columns: DM_MESSAGE_COLUMNS,
    from: 'messages m JOIN users u ON u.id = m.user_id',
    lockSql: 'SELECT 1 FROM dm_conversations WHERE id = $1 FOR NO KEY UPDATE',
    messageEvent: 'direct_message',
    audience: pairAudience(user.id, otherId),
    // Each participant names the conversation by the other one, so each gets an event of their own.
    announce: async (c, update) => {
      await c.events.publish('message_pin_update', { dm_user_id: otherId, ...update }, onlyUser(user.id));
      await c.events.publish('message_pin_update', { dm_user_id: user.id, ...update }, onlyUser(otherId));
    },
  };
}
