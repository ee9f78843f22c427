import { TEXT, type TypingStartEvent } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { prepared } from '../db/pool.js';
import type { Audience } from '../events/event-log.js';
import { requireWritable } from '../direct-messages/access.js';
import { requireVisibleChannel } from '../groups/access.js';
import { badRequest, forbidden } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';

/** Where a `typing_start` says the user types: a channel, or the direct message with another user. */
export type TypingTarget =
  { channel_id: number; dm_user_id?: undefined } | { channel_id?: undefined; dm_user_id: number };

/** The typist's names as they are now (a nickname may have changed since the session began). */
const TYPIST_NAMES = prepared('typing-typist', 'SELECT username, nickname FROM users WHERE id = $1');

/**
 * `typing_start`: checked as a message to the same place would be (a channel needs can_post, and one
 * the user cannot view is 404; a direct message needs a friend and no block either way), then told
 * to the others who may see the conversation through the ephemeral bus: never stored, no seq, never
 * replayed. Within one conversation a user is heard at most once per `typingPerConversation` window;
 * more is dropped without an answer, since an indicator needs no retry and the client has nothing to
 * show for a refusal.
 */
export async function startTyping(ctx: AppContext, user: UserRow, target: TypingTarget): Promise<void> {
  let conversation: string;
  let audience: Audience;
  let where: Pick<TypingStartEvent, 'channel_id' | 'dm_user_id'>;
  if (target.channel_id !== undefined) {
    const { channel, permissions } = await requireVisibleChannel(ctx.db, user, target.channel_id);
    if (!permissions.can_post) throw forbidden(TEXT.noPostPermission);
    if (channel.channel_type !== 'text') throw badRequest(TEXT.voiceChannelNoMessages);
    conversation = `c${channel.id}`;
    // Everyone who can view the group, as for the message that may follow, but the typist's own sessions.
    audience = { kind: 'group', groupId: channel.group_id, except: [user.id] };
    where = { channel_id: channel.id };
  } else {
    const { other } = await requireWritable(ctx.db, user, target.dm_user_id);
    conversation = `d${other.id}`;
    audience = { kind: 'users', userIds: [other.id] };
    // From the receiver's side the conversation is the one with the typist.
    where = { dm_user_id: user.id };
  }
  const rule = ctx.config.rateLimits.typingPerConversation;
  if ((await ctx.limiter.hit(`typingPerConversation:user:${user.id}:${conversation}`, rule)) > 0) return;
  const { rows } = await ctx.db.query<{ username: string; nickname: string | null }>(TYPIST_NAMES([user.id]));
  const names = rows[0] ?? { username: user.username, nickname: null };
  const event: TypingStartEvent = { ...where, user_id: user.id, username: names.username, nickname: names.nickname };
  await ctx.ephemeral.publish('typing_start', event, audience);
}
