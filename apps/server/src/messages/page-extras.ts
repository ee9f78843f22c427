import type { Message } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { loadReactions } from '../reactions/load-reactions.js';

/**
 * Loads one kind of extra for a page of messages (reactions, attachments, ...) by the page's ids,
 * with one query (`WHERE message_id = ANY($1)`), and sets it on the messages in `byId`.
 */
export type PageExtraLoader = (db: Queryable, byId: ReadonlyMap<number, Message>) => Promise<void>;

/**
 * Every extra a history page carries: reactions so far; attachments will add theirs here, so a page
 * costs the same few queries whatever its length (never one per message).
 */
const LOADERS: readonly PageExtraLoader[] = [loadReactions];

/** Adds the extras to a page of messages, in place. */
export async function loadPageExtras(db: Queryable, page: Message[]): Promise<void> {
  if (page.length === 0 || LOADERS.length === 0) return;
  const byId = new Map(page.map((m) => [m.id, m]));
  await Promise.all(LOADERS.map((load) => load(db, byId)));
}
