import type { Message } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { REACTION_SELECT, toReaction, type ReactionRow } from './reaction-row.js';

/**
 * Sets the reactions of every message in `byId`, oldest first, with one query whatever the number
 * of messages: the history page's loader, and the single message of an edit or removal event (whose
 * receivers replace the reactions they hold with the ones it carries).
 */
export async function loadReactions(db: Queryable, byId: ReadonlyMap<number, Message>): Promise<void> {
  if (byId.size === 0) return;
  const { rows } = await db.query<ReactionRow>(
    `${REACTION_SELECT} WHERE r.message_id = ANY($1::bigint[]) ORDER BY r.id`,
    [[...byId.keys()]],
  );
  for (const message of byId.values()) message.reactions = [];
  for (const row of rows) {
    const message = byId.get(row.message_id);
    message?.reactions.push(toReaction(row, message.channel_id));
  }
}

/** The message with its reactions, for answers and events about one message. */
export async function withReactions(db: Queryable, message: Message): Promise<Message> {
  await loadReactions(db, new Map([[message.id, message]]));
  return message;
}
