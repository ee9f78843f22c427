import type { GuardianAnswer, Message } from '@hearth/protocol';
import { COMMAND_TEXT, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { forbidden, notFound } from '../http/errors.js';
import { requireVisibleChannel } from '../groups/access.js';
import type { ChannelRow } from '../groups/rows.js';
import { isAdmin, type UserRow } from '../users/user-row.js';
import { sendMessage } from '../messages/service.js';
import { sendDirectMessage } from '../direct-messages/service.js';
import { recordAudit } from '../admin/audit.js';

/** The system account every instance has from its first migration. */
export async function guardian(ctx: AppContext): Promise<UserRow> {
  const { rows } = await ctx.db.query<UserRow>(
    `SELECT * FROM users WHERE role = 'SYSTEM' AND lower(username) = 'guardian' ORDER BY id LIMIT 1`,
  );
  if (!rows[0]) throw new Error('The Guardian account is missing');
  return rows[0];
}

/** A stored message from Guardian in a channel, announced like any message (with the SYSTEM badge its role gives). */
async function postAsGuardian(ctx: AppContext, channel: ChannelRow, content: string): Promise<Message> {
  const { message } = await sendMessage(ctx, await guardian(ctx), { channel_id: channel.id, content });
  return message;
}

/**
 * `/guardian announce [#channel] message` (admins only): Guardian posts the message in the named text
 * channel of the current channel's group (the current channel when none is named), and everyone who
 * can see that channel gets the `admin_announcement` popup.
 */
export async function announce(
  ctx: AppContext,
  user: UserRow,
  body: { message: string; channel_name?: string | null | undefined; current_channel_id: number },
) {
  if (!isAdmin(user)) throw forbidden(COMMAND_TEXT.noPermission);
  const { channel: current } = await requireVisibleChannel(ctx.db, user, body.current_channel_id);
  let target = current;
  if (body.channel_name) {
    const { rows } = await ctx.db.query<ChannelRow>(
      `SELECT * FROM channels WHERE group_id = $1 AND lower(name) = lower($2) AND channel_type = 'text'
        ORDER BY position, id LIMIT 1`,
      [current.group_id, body.channel_name],
    );
    if (!rows[0]) throw notFound(TEXT.channelNotFound);
    target = rows[0];
  }
  const message = await postAsGuardian(ctx, target, body.message);
  await ctx.events.publish(
    'admin_announcement',
    { content: body.message, admin_username: user.username, channel_id: target.id, group_id: target.group_id },
    { kind: 'group', groupId: target.group_id },
  );
  return { detail: COMMAND_TEXT.announceSent, message_id: message.id, channel_id: target.id };
}

/** `/guardian hugme`: Guardian hugs the caller in the channel they typed it in (they must be able to post there). */
export async function hugMe(ctx: AppContext, user: UserRow, currentChannelId: number) {
  const { channel, permissions } = await requireVisibleChannel(ctx.db, user, currentChannelId);
  if (!permissions.can_post) throw forbidden(TEXT.noPostPermission);
  const name = user.nickname || user.username;
  const message = await postAsGuardian(ctx, channel, `*Guardian gives ${name} a big, warm hug* 🤗`);
  return { detail: COMMAND_TEXT.hugSent, message_id: message.id, channel_id: channel.id };
}

/** A Guardian message as its direct message reads: the title in bold, then the content. */
export const guardianMessageText = (title: string, content: string) => `**${title}**\n\n${content}`;

/**
 * An admin's Guardian message to one user (spec 3 §7): a direct message from Guardian, its title in
 * bold above the content. The user can read it and never answer it.
 */
export async function guardianMessage(
  ctx: AppContext,
  admin: UserRow,
  body: { user_id: number; title: string; content: string },
): Promise<GuardianAnswer> {
  if (!isAdmin(admin)) throw forbidden(TEXT.adminOnly);
  const { rows } = await ctx.db.query<{ username: string; role: string }>(
    'SELECT username, role FROM users WHERE id = $1',
    [body.user_id],
  );
  const target = rows[0];
  if (!target || target.role === 'SYSTEM') throw notFound(TEXT.userNotFound);
  const { message } = await sendDirectMessage(
    ctx,
    await guardian(ctx),
    { recipient_id: body.user_id, content: guardianMessageText(body.title, body.content) },
    // Stored with the message, in its transaction: there is an entry exactly when the message exists.
    (tx, messageId) =>
      recordAudit(tx, {
        admin,
        action: 'guardian_message',
        target: { id: body.user_id, username: target.username },
        details: { title: body.title, message_id: messageId },
      }),
  );
  return {
    detail: `Guardian message sent to ${target.username}`,
    message_id: message.id,
    channel_id: message.channel_id,
  };
}
