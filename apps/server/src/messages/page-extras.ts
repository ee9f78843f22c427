import type { Message } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Queryable } from '../db/pool.js';
import { loadReactions } from '../reactions/load-reactions.js';
import { attachmentLoader } from '../uploads/message-attachments.js';
import { signEmbedImages } from '../link-previews/embed-images.js';

/**
 * Loads one kind of extra for a page of messages (reactions, attachments, ...) by the page's ids,
 * with one query (`WHERE message_id = ANY($1)`), and sets it on the messages in `byId`.
 */
export type PageExtraLoader = (db: Queryable, byId: ReadonlyMap<number, Message>) => Promise<void>;

/** Every extra a message carries, so a page costs the same few queries whatever its length (never one per message). */
const loaders = (ctx: AppContext): readonly PageExtraLoader[] => [
  loadReactions,
  attachmentLoader(ctx.files),
  signEmbedImages(ctx.previews),
];

/** Adds the extras to a page of messages, in place; the loaders run side by side. */
export async function loadPageExtras(ctx: AppContext, page: Message[]): Promise<void> {
  if (page.length === 0) return;
  const byId = new Map(page.map((m) => [m.id, m]));
  await Promise.all(loaders(ctx).map((load) => load(ctx.db, byId)));
}

/** One message with its extras, for answers and events about one message (receivers replace what they hold). */
export async function withPageExtras(ctx: AppContext, message: Message): Promise<Message> {
  await loadPageExtras(ctx, [message]);
  return message;
}
