import type { DmSendBody, Message } from '@hearth/protocol';
import { DM_TEXT, PIN_TEXT, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { DbClient } from '../db/pool.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { withPageExtras } from '../messages/page-extras.js';
import { toMessage } from '../messages/message-row.js';
import { checkAttachmentsToSend, insertWithAttachments, setAttachments } from '../uploads/message-attachments.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { resolveMentions } from '../mentions/resolve-mentions.js';
import type { UserRow } from '../users/user-row.js';
import { otherParticipant, pairAudience, requireWritable } from './access.js';
import { DM_MESSAGE_SELECT, newDirectMessage, type PairColumns } from './dm-row.js';
import type { MessageRow } from '../messages/message-row.js';
import { publishWithBlur } from '../profiles/blurred-messages.js';
import { pushText, pushWhenAway } from '../push/notify.js';
import { unfurlMessage } from '../link-previews/unfurl.js';
import { keptReplyMention, replyTarget, replyValues, withReplyMention } from '../replies/reply-target.js';

type DmRow = Omit<MessageRow, 'group_id'> & { group_id: null } & PairColumns;

/** Anyone may attach in a conversation they may write to: there is no group to limit uploads. */
const DM_PERMISSIONS = { can_view: true, can_post: true, can_upload: true };

/*
 * The conversation row is made by the first message, in the same statement: $1 conversation, $2 and
 * $3 the pair (lower first), $4 author, $5 content, $6 nonce, $7 mentioned users, $8-$9 the reply
 * (replies/reply-target.ts). Mentions are stored for display; a direct message pings its recipient by
 * itself, so no mention rows are written.
 */
const SEND_SQL = `
  WITH conversation AS (
    INSERT INTO dm_conversations (id, user_low, user_high) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
  ), inserted AS (
    INSERT INTO messages (conversation_id, user_id, content, nonce, mentioned_users, mentions_everyone, reply_to_id, reply_mention)
    VALUES ($1, $4, $5, $6, $7, false, $8, $9)
    ON CONFLICT (user_id, nonce) WHERE nonce IS NOT NULL DO NOTHING
    RETURNING id, created_at
  )
  SELECT id, created_at FROM inserted`;

type SendInput = Pick<DmSendBody, 'recipient_id' | 'channel_id' | 'content' | 'nonce'> &
  Partial<Pick<DmSendBody, 'attachment_ids' | 'sensitive_attachment_ids' | 'reply_to_id' | 'reply_mention'>>;

/**
 * Stores and announces a direct message to both participants (`direct_message`). A repeated nonce
 * returns the stored message without storing or announcing it again, as for channel messages.
 * `also` writes something more about the new message in the transaction that stores it.
 */
export async function sendDirectMessage(
  ctx: AppContext,
  user: UserRow,
  body: SendInput,
  also?: (tx: DbClient, messageId: number) => Promise<void>,
): Promise<{ message: Message; created: boolean }> {
  const { id: conversationId, other } = await requireWritable(ctx.db, user, body.recipient_id);
  if (body.channel_id !== undefined && body.channel_id !== conversationId) throw badRequest(DM_TEXT.wrongConversation);
  const attaching = await checkAttachmentsToSend(ctx.db, user.id, DM_PERMISSIONS, body);
  const reply = await replyTarget(ctx.db, user, { conversationId }, body);
  const mentions = withReplyMention(await resolveMentions(ctx.db, { role: 'USER' }, body.content), reply);
  const values = [
    conversationId,
    Math.min(user.id, other.id),
    Math.max(user.id, other.id),
    user.id,
    body.content,
    body.nonce ?? null,
    JSON.stringify(mentions.users),
    ...replyValues(reply),
  ];
  const { inserted, claimed } = await insertWithAttachments(ctx.db, SEND_SQL, values, user.id, attaching, also);
  if (!inserted) {
    const { rows } = await ctx.db.query<DmRow>(`${DM_MESSAGE_SELECT} WHERE m.user_id = $1 AND m.nonce = $2`, [
      user.id,
      body.nonce,
    ]);
    if (!rows[0] || rows[0].channel_id !== conversationId) throw notFound(TEXT.messageNotFound);
    return { message: await withPageExtras(ctx, toMessage(rows[0])), created: false };
  }
  const message = newDirectMessage(user, {
    id: inserted.id,
    conversationId,
    content: body.content,
    nonce: body.nonce ?? null,
    createdAt: inserted.created_at,
    mentions: mentions.users,
    reply,
  });
  setAttachments(message, claimed, ctx.files);
  await publishWithBlur(ctx, 'direct_message', message, pairAudience(user.id, other.id));
  unfurlMessage(ctx, message, pairAudience(user.id, other.id));
  pushWhenAway(ctx, other.id, {
    title: user.nickname || user.username,
    body: pushText(body.content || DM_TEXT.pushAttachment),
    tag: `dm-${user.id}`,
    data: { type: 'dm', userId: user.id },
  });
  return { message, created: true };
}

/** A direct message the caller takes part in, with the other participant; 404 for any other. */
async function ownConversationMessage(ctx: AppContext, user: UserRow, id: number) {
  const { rows } = await ctx.db.query<DmRow>(`${DM_MESSAGE_SELECT} WHERE m.id = $1`, [id]);
  const row = rows[0];
  const otherId = row ? otherParticipant(user.id, row) : null;
  if (!row || otherId === null) throw notFound(TEXT.messageNotFound);
  return { row, otherId };
}

/** The author edits their message while they may still write to the other participant. */
export async function editDirectMessage(ctx: AppContext, user: UserRow, id: number, content: string): Promise<Message> {
  const { row, otherId } = await ownConversationMessage(ctx, user, id);
  if (row.user_id !== user.id) throw forbidden(TEXT.editNotAuthor);
  if (row.message_type === 'system') throw badRequest(PIN_TEXT.systemEdit);
  await requireWritable(ctx.db, user, otherId);
  const mentions = withReplyMention(await resolveMentions(ctx.db, { role: 'USER' }, content), keptReplyMention(row));
  const { rows } = await ctx.db.query<{ edited_at: Date }>(
    `UPDATE messages SET content = $2, edited_at = now(), mentioned_users = $3
      WHERE id = $1 AND user_id = $4 RETURNING edited_at`,
    [id, content, JSON.stringify(mentions.users), user.id],
  );
  if (!rows[0]) throw notFound(TEXT.messageNotFound);
  const message = await withPageExtras(
    ctx,
    toMessage({ ...row, content, edited_at: rows[0].edited_at, mentioned_users: mentions.users }),
  );
  await publishWithBlur(ctx, 'direct_message_edit', message, pairAudience(user.id, otherId));
  unfurlMessage(ctx, message, pairAudience(user.id, otherId), row.content);
  return message;
}

/**
 * The author deletes their message, with its attachments. Nobody else can: only the two participants
 * ever see a conversation, so there is no admin removal here.
 */
export async function deleteDirectMessage(ctx: AppContext, user: UserRow, id: number) {
  const { row, otherId } = await ownConversationMessage(ctx, user, id);
  if (row.user_id !== user.id) throw forbidden(TEXT.deleteForbidden);
  await ctx.db.query('DELETE FROM messages WHERE id = $1', [id]);
  void removeDeletedFiles(ctx);
  const event = { id, channel_id: row.channel_id };
  await ctx.events.publish('direct_message_delete', event, pairAudience(user.id, otherId));
  return { ...event, deleted: true };
}
