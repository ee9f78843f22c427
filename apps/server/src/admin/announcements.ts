import { ADMIN_TEXT, RESUME_WINDOW_MS, type AnnouncementAnswer, type AnnouncementBody } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { guardian, guardianMessageText } from '../guardian/service.js';
import { insertSystemDirectMessages, type Delivered } from '../direct-messages/broadcast.js';
import { pairAudience } from '../direct-messages/access.js';
import { resolveMentions } from '../mentions/resolve-mentions.js';
import { ONLINE_SQL } from '../presence/presence-row.js';
import type { UserRow } from '../users/user-row.js';
import { recordAudit } from './audit.js';
import { requireAdminWrite } from './panel-access.js';

/** Recipients per transaction: one INSERT of this many messages, and their rows key-share locked that long. */
export const ANNOUNCEMENT_BATCH = 1_000;

/**
 * POST /admin/guardian/send-announcement: a Guardian direct message (the title in bold, then the
 * content, as an admin's Guardian message reads) to every account but the SYSTEM ones, and one
 * `admin_announcement` popup (spec 1 §7: content and admin_username, here with the title) to everyone
 * online, the same event `/guardian announce` sends, so clients have one popup for both.
 *
 * The messages are stored ANNOUNCEMENT_BATCH recipients at a time, each batch one set-based INSERT
 * (direct-messages/broadcast.ts) in its own transaction, in id order; the recipients' rows are
 * key-share locked so none is deleted halfway (deletion waits for the batch). The batch that finds
 * the end records the audit entry. `sent_count` is the number of messages stored.
 */
export async function sendAnnouncement(
  ctx: AppContext,
  admin: UserRow,
  body: AnnouncementBody,
  batchSize = ANNOUNCEMENT_BATCH,
): Promise<AnnouncementAnswer> {
  await requireAdminWrite(ctx, admin);
  const author = await guardian(ctx);
  const content = guardianMessageText(body.title, body.content);
  const mentions = (await resolveMentions(ctx.db, { role: 'USER' }, content)).users;
  let after = 0;
  let sent = 0;
  for (;;) {
    const batch = await inTransaction(ctx.db, async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        `SELECT id FROM users WHERE id > $1 AND role <> 'SYSTEM' ORDER BY id LIMIT $2 FOR KEY SHARE`,
        [after, batchSize],
      );
      const recipients = rows.map((r) => r.id);
      const delivered = await insertSystemDirectMessages(tx, author, recipients, content, mentions);
      const full = rows.length === batchSize;
      if (!full)
        await recordAudit(tx, {
          admin,
          action: 'announcement',
          details: { title: body.title, sent_count: sent + delivered.length },
        });
      return { delivered, full, last: rows.at(-1)?.id };
    });
    sent += batch.delivered.length;
    await announceToReachable(ctx, author, batch.delivered);
    if (!batch.full) break;
    after = batch.last!;
  }
  // One event for everyone, serialised once: the popup is the same for every recipient.
  await ctx.events.publish(
    'admin_announcement',
    {
      title: body.title,
      content: body.content,
      admin_username: admin.username,
      channel_id: null,
      group_id: null,
      guardian_id: author.id,
    },
    { kind: 'all' },
  );
  return { message: ADMIN_TEXT.announcementSent(sent), sent_count: sent };
}

/**
 * Each message differs (its id, its conversation), so each is an event of its own, to its recipient.
 * Only recipients who can receive it live are told: those connected now, and those who left within
 * the resume window (a client that comes back by resuming replays what it missed and does not reload
 * its conversations). Anyone else finds the message in their conversations when they next load them,
 * as with any message sent while they were away. On a large instance that keeps an announcement from
 * flooding the event log (and pushing older events out of the replay window) with events nobody is
 * there to receive. Read after the commit, so someone connecting meanwhile either is counted here or
 * loads the stored message.
 */
async function announceToReachable(ctx: AppContext, author: UserRow, delivered: Delivered[]): Promise<void> {
  if (delivered.length === 0) return;
  const { rows } = await ctx.db.query<{ id: number }>(
    `SELECT t.id FROM unnest($1::bigint[]) AS t(id) JOIN users u ON u.id = t.id
      WHERE ${ONLINE_SQL('t.id', '$2')} OR u.last_seen > now() - make_interval(secs => $3)`,
    [delivered.map((d) => d.recipientId), ctx.config.presenceNodeTimeoutMs / 1000, RESUME_WINDOW_MS / 1000],
  );
  const connected = new Set(rows.map((r) => r.id));
  await Promise.all(
    delivered
      .filter((d) => connected.has(d.recipientId))
      .map((d) => ctx.events.publish('direct_message', d.message, pairAudience(author.id, d.recipientId))),
  );
}
