import type { Conversation, DmHistoryQuery, DmReadEvent, Message } from '@hearth/protocol';
import { TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import { loadPageExtras } from '../messages/page-extras.js';
import { historySql, placePage } from '../messages/history.js';
import { toMessage, type MessageRow } from '../messages/message-row.js';
import { toPublicUser, type UserRow } from '../users/user-row.js';
import { requireReadable } from './access.js';
import { DM_MESSAGE_SELECT, type PairColumns } from './dm-row.js';
import { applyBlurForViewer } from '../profiles/blurred-messages.js';
import { hideBlurredPictures } from '../profiles/visibility.js';

type DmRow = Omit<MessageRow, 'group_id'> & { group_id: null } & PairColumns;

/* The channel history's page statements (messages/history.ts), walking messages_conversation_id_id_idx. */
const PAGE_SQL = historySql(DM_MESSAGE_SELECT, 'm.conversation_id');

/** A page of the conversation with `otherId`, oldest first; empty when they have never written. */
export async function conversationHistory(
  ctx: AppContext,
  user: UserRow,
  otherId: number,
  q: DmHistoryQuery,
): Promise<Message[]> {
  const { id } = await requireReadable(ctx.db, user, otherId);
  const statement = placePage(PAGE_SQL, id, q);
  const { rows } = await ctx.db.query<DmRow>(statement.text, statement.values);
  if (statement.newestFirst) rows.reverse();
  const page = rows.map(toMessage);
  await loadPageExtras(ctx, page);
  await applyBlurForViewer(ctx, user.id, page);
  return page;
}

/** The messages of conversation `c` from the other participant after the reader's ($1) mark `r`. */
const UNREAD_COUNT = `(SELECT count(*)::int FROM messages m
    WHERE m.conversation_id = c.id AND m.id > COALESCE(r.last_read_message_id, 0) AND m.user_id <> $1)`;

/*
 * The caller's conversations: the other participant, the last message (one index step each), and the
 * messages from the other participant after the caller's last read one. Guardian's conversation first
 * (spec 2 §2), then the most recent activity.
 */
const CONVERSATIONS_SQL = `
  SELECT other.*, c.id AS conversation_id, r.last_read_message_id,
         last.id AS last_id, last.content AS last_content, last.created_at AS last_at, last.user_id AS last_sender,
         (SELECT count(*)::int FROM attachments a WHERE a.message_id = last.id) AS last_attachments,
         ${UNREAD_COUNT} AS unread_count
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
    `SELECT COALESCE(sum(${UNREAD_COUNT}), 0)::int AS n
       FROM dm_conversations c LEFT JOIN dm_reads r ON r.user_id = $1 AND r.conversation_id = c.id
      WHERE c.user_low = $1 OR c.user_high = $1`,
    [user.id],
  );
  return { unread_count: rows[0]!.n };
}

/**
 * Moves the caller's ($1) mark forward in the conversations `c` selected by `which` (never back: a late
 * request from another tab changes nothing), to message $2 or the conversation's newest.
 */
const markSql = (which: string) => `
  INSERT INTO dm_reads (user_id, conversation_id, last_read_message_id)
  SELECT $1, c.id, COALESCE($2::bigint, (SELECT max(id) FROM messages WHERE conversation_id = c.id))
    FROM dm_conversations c LEFT JOIN dm_reads r ON r.user_id = $1 AND r.conversation_id = c.id
   WHERE ${which}
  ON CONFLICT (user_id, conversation_id) DO UPDATE
     SET last_read_message_id = GREATEST(dm_reads.last_read_message_id, EXCLUDED.last_read_message_id),
         last_read_at = now()
  RETURNING conversation_id, last_read_message_id,
            (SELECT CASE WHEN c.user_low = $1 THEN c.user_high ELSE c.user_low END
               FROM dm_conversations c WHERE c.id = conversation_id) AS other_id`;

const MARK_ONE_SQL = markSql('c.id = $3');
/** Mark All Read: only the conversations with something unread, so the others' tabs are not told of nothing. */
const MARK_ALL_SQL = markSql(`(c.user_low = $1 OR c.user_high = $1) AND ${UNREAD_COUNT} > 0`);

type MarkRow = { conversation_id: number; last_read_message_id: number | null; other_id: number };

/** Each moved mark goes to the reader's own sessions (their other tabs follow); the other participant is never told. */
async function announceMarks(ctx: AppContext, user: UserRow, rows: MarkRow[]): Promise<DmReadEvent[]> {
  const events = rows.map((row) => ({
    channel_id: row.conversation_id,
    user_id: row.other_id,
    last_read_message_id: row.last_read_message_id,
  }));
  for (const event of events)
    await ctx.events.publish('dm_read_status_update', event, { kind: 'users', userIds: [user.id] });
  return events;
}

/** Marks the conversation with `otherId` read up to a message of it, or its newest. */
export async function markConversationRead(
  ctx: AppContext,
  user: UserRow,
  otherId: number,
  messageId: number | null,
): Promise<DmReadEvent> {
  const { id } = await requireReadable(ctx.db, user, otherId);
  if (messageId !== null) {
    const found = await ctx.db.query('SELECT 1 FROM messages WHERE id = $1 AND conversation_id = $2', [messageId, id]);
    if (!found.rowCount) throw notFound(TEXT.messageNotFound);
  }
  const { rows } = await ctx.db.query<MarkRow>(MARK_ONE_SQL, [user.id, messageId, id]);
  // A conversation with no message yet has no row to mark: nothing read, nothing to tell.
  const [event] = await announceMarks(ctx, user, rows);
  return event ?? { channel_id: id, user_id: otherId, last_read_message_id: null };
}

/** Mark All Read (spec 2 §2): every conversation with unread messages up to its newest, in one statement. */
export async function markAllConversationsRead(ctx: AppContext, user: UserRow): Promise<{ marked: number }> {
  const { rows } = await ctx.db.query<MarkRow>(MARK_ALL_SQL, [user.id, null]);
  await announceMarks(ctx, user, rows);
  return { marked: rows.length };
}
