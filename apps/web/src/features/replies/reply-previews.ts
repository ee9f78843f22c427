import type { Message, ReplyTo } from '@hearth/protocol';
import { REPLY_PREVIEW_LENGTH } from '@hearth/protocol/reply-rules';

/** What a reply shows of its original, from the original itself (as the server builds it). */
export const replyToOf = (original: Message): ReplyTo => ({
  id: original.id,
  user_id: Number(original.user_id),
  username: original.username,
  content: [...original.content].slice(0, REPLY_PREVIEW_LENGTH).join(''),
  has_attachments: original.attachments.length > 0,
  deleted: false,
});

const DELETED = (id: number): ReplyTo => ({
  id,
  user_id: null,
  username: null,
  content: '',
  has_attachments: false,
  deleted: true,
});

/**
 * The replies of a window follow what happens to their originals live, as the history would show them
 * after a reload: an edit or an admin's removal changes the preview's text, a delete turns it into
 * 'Original message was deleted'. `type` is the channel event's name (a direct message's are mapped
 * to them first). Returns the same array when no reply changes.
 */
export function followOriginals(
  messages: readonly Message[],
  type: string,
  event: { id: number } & Partial<Message>,
): readonly Message[] {
  const changes =
    type === 'message_delete'
      ? DELETED(event.id)
      : type === 'message_updated' || type === 'message_admin_delete'
        ? replyToOf(event as Message)
        : null;
  if (!changes || !messages.some((m) => m.reply_to?.id === event.id)) return messages;
  return messages.map((m) => (m.reply_to?.id === event.id ? { ...m, reply_to: changes } : m));
}
