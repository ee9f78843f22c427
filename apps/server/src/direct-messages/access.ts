import { conversationIdOf, DM_TEXT, TEXT } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { relationBetween, type Relation } from '../friends/relation.js';
import type { UserRow } from '../users/user-row.js';
import type { Audience } from '../events/event-log.js';

/** The conversation between the caller and another user, with what stands between them. */
export interface ConversationAccess {
  id: number;
  other: UserRow;
  relation: Relation;
}

const blocked = (r: Relation) => r.iBlocked || r.theyBlocked;

/** Only the two participants are ever told about a conversation. */
export const pairAudience = (a: number, b: number): Audience => ({ kind: 'users', userIds: [a, b] });

/** The conversation with `otherId`: 404 for no such user, 400 for oneself. Nothing is created. */
export async function conversationWith(db: Queryable, me: UserRow, otherId: number): Promise<ConversationAccess> {
  if (otherId === me.id) throw badRequest(DM_TEXT.notYourself);
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [otherId]);
  const other = rows[0];
  if (!other) throw notFound(DM_TEXT.userNotFound);
  const id = conversationIdOf(me.id, other.id);
  if (id === null) throw badRequest(DM_TEXT.outOfRange);
  return { id, other, relation: await relationBetween(db, me.id, other.id) };
}

/** Reading: either participant, unless one has blocked the other (spec 1 §9 'Cannot View Conversation'). */
export async function requireReadable(db: Queryable, me: UserRow, otherId: number): Promise<ConversationAccess> {
  const access = await conversationWith(db, me, otherId);
  if (blocked(access.relation)) throw forbidden(DM_TEXT.blockedView);
  return access;
}

/**
 * Writing: to a friend, never across a block, never to the system account (it cannot be replied to).
 * The system account itself writes to anyone.
 */
export async function requireWritable(db: Queryable, me: UserRow, otherId: number): Promise<ConversationAccess> {
  const access = await conversationWith(db, me, otherId);
  if (me.role === 'SYSTEM') return access;
  if (access.other.role === 'SYSTEM') throw forbidden(DM_TEXT.guardianReply);
  if (blocked(access.relation)) throw forbidden(DM_TEXT.blockedSend);
  if (access.relation.friendship?.status !== 'accepted') throw forbidden(DM_TEXT.notFriends);
  return access;
}

/** The other participant of a conversation the caller is in, or null when the caller is not in it. */
export function otherParticipant(me: number, pair: { user_low: number; user_high: number }): number | null {
  if (pair.user_low === me) return pair.user_high;
  if (pair.user_high === me) return pair.user_low;
  return null;
}

/**
 * A direct message as a target of reactions: 404 unless the caller is a participant. Reacting is
 * refused across a block; Guardian's messages take reactions like any others (they reply to nothing).
 */
export async function dmMessageTarget(db: Queryable, me: UserRow, messageId: number) {
  const { rows } = await db.query<{
    channel_id: number;
    removed_by_admin: boolean;
    user_low: number;
    user_high: number;
  }>(
    `SELECT m.conversation_id AS channel_id, m.removed_by_admin, dc.user_low, dc.user_high
       FROM messages m JOIN dm_conversations dc ON dc.id = m.conversation_id WHERE m.id = $1`,
    [messageId],
  );
  const row = rows[0];
  const otherId = row ? otherParticipant(me.id, row) : null;
  if (!row || otherId === null) throw notFound(TEXT.messageNotFound);
  const relation = await relationBetween(db, me.id, otherId);
  return {
    channel_id: row.channel_id,
    removed_by_admin: row.removed_by_admin,
    canReact: !blocked(relation),
    audience: pairAudience(me.id, otherId),
  };
}
