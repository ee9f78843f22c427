import type { Message, SendMessageBody } from '@hearth/protocol';
import { MESSAGE_REMOVED_BY_ADMIN, PIN_TEXT, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { requireVisibleChannel } from '../groups/access.js';
import { isAdmin, type UserRow } from '../users/user-row.js';
import { withPageExtras } from './page-extras.js';
import { checkAttachmentsToSend, insertWithAttachments, setAttachments } from '../uploads/message-attachments.js';
import { removeDeletedFiles } from '../uploads/file-deletions.js';
import { MESSAGE_SELECT, toMessage, type MessageRow } from './message-row.js';
import { pingedUserIds, resolveMentions } from '../mentions/resolve-mentions.js';
import { EDIT_SQL, mentionValues, REMOVE_SQL, SEND_SQL } from '../mentions/mention-sql.js';
import { notifyMentions } from '../mentions/notify-mentions.js';
import { publishWithBlur } from '../profiles/blurred-messages.js';
import { unfurlMessage } from '../link-previews/unfurl.js';
import { keptReplyMention, replyColumns, replyTarget, replyValues, withReplyMention } from '../replies/reply-target.js';

export { history } from './history.js';

/**
 * Stores and announces a message. A send repeating a nonce the author already used returns the
 * stored message without storing or announcing it again (`created` false).
 */
export async function sendMessage(
  ctx: AppContext,
  user: UserRow,
  body: SendMessageBody,
): Promise<{ message: Message; created: boolean }> {
  const { channel, permissions } = await requireVisibleChannel(ctx.db, user, body.channel_id);
  if (!permissions.can_post) throw forbidden(TEXT.noPostPermission);
  if (channel.channel_type !== 'text') throw badRequest(TEXT.voiceChannelNoMessages);
  const attaching = await checkAttachmentsToSend(ctx.db, user.id, permissions, body);
  const reply = await replyTarget(ctx.db, user, { channelId: channel.id, groupId: channel.group_id }, body);
  const mentions = withReplyMention(await resolveMentions(ctx.db, user, body.content), reply);
  const values = [
    channel.id,
    user.id,
    body.content,
    body.nonce ?? null,
    ...mentionValues(mentions, user.id),
    ...replyValues(reply),
  ];
  const { inserted, claimed } = await insertWithAttachments(ctx.db, SEND_SQL, values, user.id, attaching);
  if (!inserted) {
    const existing = await ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.user_id = $1 AND m.nonce = $2`, [
      user.id,
      body.nonce,
    ]);
    // The first send with this nonce may have been deleted since: then the retry is simply too late.
    if (!existing.rows[0]) throw notFound(TEXT.messageNotFound);
    return { message: await withPageExtras(ctx, toMessage(existing.rows[0])), created: false };
  }
  // Built from what is already at hand rather than read back: this is the hottest write path.
  const message = toMessage({
    ...user,
    id: inserted.id,
    channel_id: channel.id,
    group_id: channel.group_id,
    user_id: user.id,
    content: body.content,
    message_type: 'text',
    nonce: body.nonce ?? null,
    removed_by_admin: false,
    created_at: inserted.created_at,
    edited_at: null,
    mentioned_users: mentions.users,
    mentions_everyone: mentions.everyone,
    ...replyColumns(reply),
  });
  setAttachments(message, claimed, ctx.files);
  await publishWithBlur(ctx, 'message', message, { kind: 'group', groupId: channel.group_id });
  unfurlMessage(ctx, message, { kind: 'group', groupId: channel.group_id });
  await notifyMentions(ctx, message, channel.name, {
    userIds: pingedUserIds(mentions, user.id),
    everyone: mentions.everyone,
  });
  return { message, created: true };
}

async function loadVisibleMessage(ctx: AppContext, user: UserRow, id: number) {
  const { rows } = await ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = $1`, [id]);
  const row = rows[0];
  if (!row) throw notFound(TEXT.messageNotFound);
  try {
    return { row, ...(await requireVisibleChannel(ctx.db, user, row.channel_id)) };
  } catch {
    throw notFound(TEXT.messageNotFound);
  }
}

export async function editMessage(ctx: AppContext, user: UserRow, id: number, content: string): Promise<Message> {
  const { row, channel, permissions } = await loadVisibleMessage(ctx, user, id);
  if (row.user_id !== user.id) throw forbidden(TEXT.editNotAuthor);
  if (row.removed_by_admin) throw badRequest(TEXT.editRemoved);
  if (row.message_type === 'system') throw badRequest(PIN_TEXT.systemEdit);
  if (!permissions.can_post) throw forbidden(TEXT.noPostPermission);
  const mentions = withReplyMention(await resolveMentions(ctx.db, user, content), keptReplyMention(row));
  // Conditions repeated in the UPDATE: an admin removal or a delete may land between the read and here.
  const { rows } = await ctx.db.query<{ edited_at: Date; added: number[] }>(EDIT_SQL, [
    id,
    content,
    user.id,
    ...mentionValues(mentions, user.id),
  ]);
  if (!rows[0]) throw notFound(TEXT.messageNotFound);
  // Receivers replace the reactions they hold with the event's, so it carries them.
  const message = await withPageExtras(
    ctx,
    toMessage({
      ...row,
      content,
      edited_at: rows[0].edited_at,
      mentioned_users: mentions.users,
      mentions_everyone: mentions.everyone,
    }),
  );
  await publishWithBlur(ctx, 'message_updated', message, { kind: 'group', groupId: row.group_id });
  unfurlMessage(ctx, message, { kind: 'group', groupId: row.group_id }, row.content);
  // Only a mention the edit adds pings: fixing a typo does not ping everyone named again.
  await notifyMentions(ctx, message, channel.name, {
    userIds: rows[0].added,
    everyone: mentions.everyone && !row.mentions_everyone,
  });
  return message;
}

/**
 * The author deletes their message outright. An admin deleting someone else's message replaces its
 * content with the removal notice, so the conversation keeps its shape.
 */
export async function deleteMessage(ctx: AppContext, user: UserRow, id: number) {
  const { row } = await loadVisibleMessage(ctx, user, id);
  if (row.removed_by_admin) throw badRequest(TEXT.deleteRemoved);
  const audience = { kind: 'group', groupId: row.group_id } as const;
  if (row.user_id === user.id) {
    await ctx.db.query('DELETE FROM messages WHERE id = $1', [id]);
    const event = { id, channel_id: row.channel_id, group_id: row.group_id };
    await ctx.events.publish('message_delete', event, audience);
    // The message's attachments went with it (cascade), and their files were queued for removal.
    void removeDeletedFiles(ctx);
    return { id, channel_id: row.channel_id, deleted: true };
  }
  if (!isAdmin(user)) throw forbidden(TEXT.deleteForbidden);
  // What an admin removes goes entirely: the text is replaced and the attachments are deleted.
  await ctx.db.query(REMOVE_SQL, [id, MESSAGE_REMOVED_BY_ADMIN]);
  await ctx.db.query('DELETE FROM attachments WHERE message_id = $1', [id]);
  void removeDeletedFiles(ctx);
  const message = await withPageExtras(
    ctx,
    toMessage({
      ...row,
      content: MESSAGE_REMOVED_BY_ADMIN,
      removed_by_admin: true,
      mentioned_users: [],
      mentions_everyone: false,
      embeds: [],
    }),
  );
  await publishWithBlur(ctx, 'message_admin_delete', message, audience);
  return { id, channel_id: row.channel_id, deleted: false, message };
}
