import { PIN_TEXT, pinLine, PINS_PER_CONVERSATION_MAX, TEXT, type PinnedMessage } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { badRequest, notFound } from '../http/errors.js';
import { loadPageExtras } from '../messages/page-extras.js';
import { toMessage, type AnyMessageRow } from '../messages/message-row.js';
import { applyBlurForViewer, publishWithBlur } from '../profiles/blurred-messages.js';
import type { UserRow } from '../users/user-row.js';
import type { PinPlace } from './place.js';
import { countSql, existsSql, lineSql, listSql, oneSql, PIN_SQL, targetSql, unpinSql } from './sql.js';

type PinnedRow = AnyMessageRow & { pinned_at: Date | null; pinned_by: number | null };

const toPinned = (r: PinnedRow): PinnedMessage => ({
  ...toMessage(r),
  // Only pinned rows are listed; a pin just made has its time.
  pinned_at: (r.pinned_at ?? new Date()).toISOString(),
  pinned_by: r.pinned_by,
});

/** Messages as `viewer` sees them in the history: with reactions and attachments, behind their authors' blur. */
async function asSeenBy(ctx: AppContext, viewer: UserRow, rows: PinnedRow[]): Promise<PinnedMessage[]> {
  const pins = rows.map(toPinned);
  await loadPageExtras(ctx, pins);
  // The blur rule replaces a message with the stranger's view of it, which keeps every other field.
  await applyBlurForViewer(ctx, viewer.id, pins);
  return pins;
}

/** The place's pinned messages, newest pinned first (at most PINS_PER_CONVERSATION_MAX). */
export async function listPins(ctx: AppContext, viewer: UserRow, place: PinPlace): Promise<PinnedMessage[]> {
  const { rows } = await ctx.db.query<PinnedRow>(listSql(place), [place.id]);
  return asSeenBy(ctx, viewer, rows);
}

/**
 * Pins a message of the place, leaving a system line, and tells whoever sees the place. Pinning a
 * pinned message changes nothing and says nothing. The place's row is locked for the transaction, so
 * two pins at once are counted one after the other and the place never holds more than the maximum;
 * the message's row is locked too, so two pins of one message leave one line.
 */
export async function pinMessage(
  ctx: AppContext,
  user: UserRow,
  place: PinPlace,
  messageId: number,
): Promise<PinnedMessage> {
  const line = await inTransaction(ctx.db, async (tx) => {
    await tx.query(place.lockSql, [place.id]);
    const { rows } = await tx.query<{ message_type: string; pinned: boolean }>(targetSql(place), [messageId, place.id]);
    const target = rows[0];
    if (!target) throw notFound(TEXT.messageNotFound);
    if (target.message_type === 'system') throw badRequest(PIN_TEXT.systemMessage);
    if (target.pinned) return null;
    const count = (await tx.query<{ n: number }>(countSql(place), [place.id])).rows[0]!.n;
    if (count >= PINS_PER_CONVERSATION_MAX)
      throw badRequest(place.kind === 'channel' ? PIN_TEXT.channelFull : PIN_TEXT.conversationFull);
    await tx.query(PIN_SQL, [messageId, user.id]);
    const text = pinLine(user.nickname || user.username, place.kind);
    return (await tx.query<{ id: number }>(lineSql(place), [place.id, user.id, text, messageId])).rows[0]!.id;
  });
  const [pinned] = await readPinned(ctx, user, place, messageId);
  if (!pinned) throw notFound(TEXT.messageNotFound); // deleted the moment it was pinned
  if (line !== null) {
    await place.announce(ctx, { message_id: messageId, pinned: true, pinned_by: user.id });
    const [lineRow] = (await ctx.db.query<PinnedRow>(oneSql(place), [line, place.id])).rows;
    if (lineRow) await publishWithBlur(ctx, place.messageEvent, toMessage(lineRow), place.audience);
  }
  return pinned;
}

async function readPinned(ctx: AppContext, user: UserRow, place: PinPlace, messageId: number) {
  const { rows } = await ctx.db.query<PinnedRow>(oneSql(place), [messageId, place.id]);
  return asSeenBy(ctx, user, rows);
}

/** Unpins a message of the place; one that is not pinned stays as it is, and nobody is told. No system line. */
export async function unpinMessage(ctx: AppContext, place: PinPlace, messageId: number): Promise<void> {
  const { rowCount } = await ctx.db.query(unpinSql(place), [messageId, place.id]);
  if (rowCount) {
    await place.announce(ctx, { message_id: messageId, pinned: false, pinned_by: null });
    return;
  }
  const exists = await ctx.db.query(existsSql(place), [messageId, place.id]);
  if (!exists.rowCount) throw notFound(TEXT.messageNotFound);
}
