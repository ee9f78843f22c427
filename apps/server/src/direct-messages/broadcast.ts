import { conversationIdOf, type MentionedUser, type Message } from '@hearth/protocol';
import type { DbClient } from '../db/pool.js';
import type { UserRow } from '../users/user-row.js';
import { newDirectMessage } from './dm-row.js';

/*
 * One message from the author $3 to many users in one statement: $1 the conversations, $2 the
 * recipients (in the same order), $4 the content, $5 the mentioned users. Each missing conversation
 * row is made in the same statement, as a single send makes it (service.ts).
 */
const BROADCAST_SQL = `
  WITH pairs AS (
    SELECT conversation_id, recipient_id FROM unnest($1::bigint[], $2::bigint[]) AS t(conversation_id, recipient_id)
  ), conversations AS (
    INSERT INTO dm_conversations (id, user_low, user_high)
    SELECT conversation_id, least($3::bigint, recipient_id), greatest($3::bigint, recipient_id) FROM pairs
    ON CONFLICT DO NOTHING
  )
  INSERT INTO messages (conversation_id, user_id, content, mentioned_users, mentions_everyone)
  SELECT conversation_id, $3::bigint, $4::text, $5::jsonb, false FROM pairs
  RETURNING id, conversation_id, created_at`;

/** A message of a broadcast and the user it went to. */
export interface Delivered {
  recipientId: number;
  message: Message;
}

/**
 * Stores one direct message from a system account (Guardian, who writes to anyone) to each of the
 * recipients, in the caller's transaction: one statement for the whole list, whatever its length,
 * instead of a send per user. Announcing them is the caller's: it decides who hears of them live.
 * The caller keeps the recipients from being deleted meanwhile (a key-share lock on their rows).
 */
export async function insertSystemDirectMessages(
  tx: DbClient,
  author: UserRow,
  recipientIds: readonly number[],
  content: string,
  mentions: MentionedUser[],
): Promise<Delivered[]> {
  const pairs = recipientIds.flatMap((id) => {
    const conversationId = conversationIdOf(author.id, id);
    return conversationId === null ? [] : [{ id, conversationId }];
  });
  if (pairs.length === 0) return [];
  const { rows } = await tx.query<{ id: number; conversation_id: number; created_at: Date }>(BROADCAST_SQL, [
    pairs.map((p) => p.conversationId),
    pairs.map((p) => p.id),
    author.id,
    content,
    JSON.stringify(mentions),
  ]);
  const recipientOf = new Map(pairs.map((p) => [p.conversationId, p.id]));
  return rows.map((r) => ({
    recipientId: recipientOf.get(r.conversation_id)!,
    message: newDirectMessage(author, {
      id: r.id,
      conversationId: r.conversation_id,
      content,
      nonce: null,
      createdAt: r.created_at,
      mentions,
    }),
  }));
}
