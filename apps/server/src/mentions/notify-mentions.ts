import type { MentionNotification, Message } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { publishWithBlur } from '../profiles/blurred-messages.js';
import { pushMentionsWhenAway } from '../push/notify.js';

/**
 * Tells the users a message mentions. One event per kind, serialised once whatever the number of
 * recipients: `everyone` to the whole group (it covers the users also named), else `mention` to the
 * users named, and in both cases only to sessions that can view the group at that point of the log.
 * The users named who are connected nowhere are pushed to besides (push/notify.ts).
 */
export async function notifyMentions(
  ctx: AppContext,
  message: Message,
  channelName: string,
  pinged: { userIds: number[]; everyone: boolean },
): Promise<void> {
  const groupId = message.group_id;
  // A direct message's recipient is told by the message itself; only channel messages ping.
  if (groupId === null) return;
  const notice =
    (type: MentionNotification['type']) =>
    (m: Message): MentionNotification => ({
      type,
      channel_name: channelName,
      message: m,
    });
  if (pinged.everyone) {
    await publishWithBlur(ctx, 'mention_notification', message, { kind: 'group', groupId }, notice('everyone'));
  } else if (pinged.userIds.length > 0) {
    const audience = { kind: 'group_users', groupId, userIds: pinged.userIds } as const;
    await publishWithBlur(ctx, 'mention_notification', message, audience, notice('mention'));
  }
  // Whoever is named and connected nowhere hears of it on their phone or browser instead.
  pushMentionsWhenAway(ctx, message, channelName, pinged.userIds);
}
