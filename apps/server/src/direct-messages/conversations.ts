import type { Conversation, DmHistoryQuery, DmReadEvent, Message } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { enforce } from '../ratelimit/limiter.js';
import { loadPageExtras } from '../messages/page-extras.js';
import { toMessage, type MessageRow } from '../messages/message-row.js';
import { toPublicUser, type UserRow } from '../users/user-row.js';
import { requireReadable } from './access.js';
import { DM_MESSAGE_SELECT, type PairColumns } from './dm-row.js';
import { applyBlurForViewer } from '../profiles/blurred-messages.js';
import { hideBlurredPictures } from '../profiles/visibility.js';

type DmRow = Omit<MessageRow, 'group_id'> & { group_id: null } & PairColumns;

/* One statement per kind of page, each a walk of messages_conversation_id_id_idx (see messages/history.ts). */
const PAGE_SQL = {
  newest: `${DM_MESSAGE_SELECT} WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT (SELECT $2::int)`,
  before: `${DM_MESSAGE_SELECT} WHERE m.conversation_id = $1 AND m.id < $3 ORDER BY m.id DESC LIMIT (SELECT $2::int)`,
  after: `${DM_MESSAGE_SELECT} WHERE m.conversation_id = $1 AND m.id > $3 ORDER BY m.id ASC LIMIT (SELECT $2::int)`,
} as const;

/** A page of the conversation with `otherId`, oldest first; empty when they have never written. */
export async function conversationHistory(
  ctx: AppContext,
  user: UserRow,
  otherId: number,
  q: DmHistoryQuery,
): Promise<Message[]> {
  const { id } = await requireReadable(ctx.db, user, otherId);
  const [text, values] =
    q.after !== undefined
      ? [PAGE_SQL.after, [id, q.limit, q.after]]
      : q.before !== undefined
        ? [PAGE_SQL.before, [id, q.limit, q.before]]
        : [PAGE_SQL.newest, [id, q.limit]];
  const { rows } = await ctx.db.query<DmRow>(text, values);
  if (q.after === undefined) rows.reverse();
  const page = rows.map(toMessage);
  await loadPageExtras(ctx, page);
  await applyBlurForViewer(ctx, user.id, page);
  return page;
}

/*
 * The caller's conversations: the other participant, the last message (one index step each), and the
 * messages from the other participant after the caller's last read one. Guardian's conversation first
 * (spec 2 §2), then the most recent activity.
 */
const CONVERSATIONS_SQL = `
  SELECT other.*, c.id AS conversation_id, r.last_read_message_id,
         last.id AS last_id, last.content AS last_content, last.created_at AS last_at, last.user_id AS last_sender,
         (SELECT count(*)::int FROM attachments a WHERE a.message_id = last.id) AS last_attachments,
         (SELECT count(*)::int FROM messages m
           WHERE m.conversation_id = c.id AND m.id > COALESCE(r.last_read_message_id, 0) AND m.user_id <> $1) AS unread_count
    FROM dm_conversations c
    JOIN users other ON other.id = CASE WHEN c.user_low = $1 THEN c.user_high ELSE c.user_low END
    LEFT JOIN dm_reads r ON r.user_id = $1 AND r.conversation_id = c.id
    LEFT JOIN LATERAL (
      SELECT m.id, m.content, m.created_at, m.user_id FROM messages m
       WHERE m.conversation_id = c.id ORDER BY m.id DESC LIMIT 1
    ) last ON true
   WHERE c.user_low = $1 OR c.user_high = $1
   ORDER BY other.role = 'SYSTEM' DESC, last.id DESC NULLS LAST`;

/** The other participant's columns, then the conversation's. */
type ConversationRow = UserRow & {
  conversation_id: number;
  last_read_message_id: number | null;
  last_id: number | null;
  last_content: string | null;
  last_at: Date | null;
  last_sender: number | null;
  last_attachments: number;
  unread_count: number;
};

function toConversation(row: ConversationRow): Conversation {
  return {
    id: row.conversation_id,
    friend: toPublicUser(row),
    last_message:
      row.last_id === null
        ? null
        : {
            id: row.last_id,
            content: row.last_content ?? '',
            timestamp: row.last_at!.toISOString(),
            sender_id: row.last_sender!,
            attachment_count: row.last_attachments,
          },
    unread_count: row.unread_count,
    last_read_message_id: row.last_read_message_id,
  };
}

export async function conversations(ctx: AppContext, user: UserRow): Promise<Conversation[]> {
  const { rows } = await ctx.db.query<ConversationRow>(CONVERSATIONS_SQL, [user.id]);
  const list = rows.map(toConversation);
  await hideBlurredPictures(
    ctx.db,
    user.id,
    list.map((c) => c.friend),
  );
  return list;
}

export async function totalUnread(ctx: AppContext, user: UserRow): Promise<{ unread_count: number }> {
  const { rows } = await ctx.db.query<{ n: number }>(
    `SELECT COALESCE(sum((SELECT count(*) FROM messages m
                           WHERE m.conversation_id = c.id AND m.id > COALESCE(r.last_read_message_id, 0)
                             AND m.user_id <> $1)), 0)::int AS n
       FROM dm_conversations c LEFT JOIN dm_reads r ON r.user_id = $1 AND r.conversation_id = c.id
      WHERE c.user_low = $1 OR c.user_high = $1`,
    [user.id],
  );
  return { unread_count: rows[0]!.n };
}

/** Moves the caller's mark forward (never back: a late request from another tab changes nothing). */
const MARK_SQL = `
  INSERT INTO dm_reads (user_id, conversation_id, last_read_message_id)
  SELECT $1, c.id, COALESCE($3::bigint, (SELECT max(id) FROM messages WHERE conversation_id = c.id))
    FROM dm_conversations c WHERE c.id = ANY($2::bigint[])
  ON CONFLICT (user_id, conversation_id) DO UPDATE
     SET last_read_message_id = GREATEST(dm_reads.last_read_message_id, EXCLUDED.last_read_message_id),
         last_read_at = now()
  RETURNING conversation_id, last_read_message_id`;

/** Marks the conversation with `otherId` read up to a message of it, or its newest; the caller's other tabs follow. */
export async function markConversationRead(
  ctx: AppContext,
  user: UserRow,
  otherId: number,
  messageId: number | null,
): Promise<DmReadEvent> {
  await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
  const { id } = await requireReadable(ctx.db, user, otherId);
  if (messageId !== null) {
    const found = await ctx.db.query('SELECT 1 FROM messages WHERE id = $1 AND conversation_id = $2', [messageId, id]);
    if (!found.rowCount) throw notFound(TEXT.messageNotFound);
  }
  const { rows } = await ctx.db.query<{ last_read_message_id: number | null }>(MARK_SQL, [user.id, [id], messageId]);
  const event: DmReadEvent = {
    channel_id: id,
    user_id: otherId,
    last_read_message_id: rows[0]?.last_read_message_id ?? null,
  };
  await ctx.events.publish('dm_read_status_update', event, { kind: 'users', userIds: [user.id] });
  return event;
}

/** Mark All Read (spec 2 §2): every conversation up to its newest message, in one statement. */
export async function markAllConversationsRead(ctx: AppContext, user: UserRow): Promise<{ marked: number }> {
  await enforce(ctx.limiter, `write:${user.id}`, ctx.config.rateLimits.writePerUser);
  const unread = (await conversations(ctx, user)).filter((c) => c.unread_count > 0);
  if (unread.length === 0) return { marked: 0 };
  const { rows } = await ctx.db.query<{ conversation_id: number; last_read_message_id: number | null }>(MARK_SQL, [
    user.id,
    unread.map((c) => c.id),
    null,
  ]);
  for (const row of rows) {
    const friend = unread.find((c) => c.id === row.conversation_id)!.friend;
    const event: DmReadEvent = {
      channel_id: row.conversation_id,
      user_id: friend.id,
      last_read_message_id: row.last_read_message_id,
    };
    await ctx.events.publish('dm_read_status_update', event, { kind: 'users', userIds: [user.id] });
  }
  return { marked: rows.length };
}
