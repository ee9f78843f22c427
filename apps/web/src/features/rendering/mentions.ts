import type { Message } from '@hearth/protocol';
import { isAdminRole, useSession } from '../../app/session';
import { parseMessage } from './parse-message';

/** What decides whether a message mentions someone: its text, and the server's parse once it sends one. */
export type MentionSource = Pick<Message, 'content' | 'mentioned_users' | 'mentions_everyone' | 'role'>;

export interface MentionReader {
  id: number;
  username: string;
}

/**
 * Whether a message mentions the reader, so the whole message is highlighted. The server's
 * `mentioned_users` and `mentions_everyone` (parsed when the message is sent or edited) decide when
 * they say yes; otherwise the text does, with the rule the server applies: `@name` of the reader
 * (any case), or `@everyone` from an admin (only an admin's pings; spec 1 §5 labels that
 * suggestion 'Admin Only').
 */
export function mentionsReader(message: MentionSource, reader: MentionReader | null): boolean {
  if (!reader) return false;
  if (message.mentions_everyone || message.mentioned_users.some((user) => Number(user.id) === reader.id)) return true;
  const { names, everyone } = parseMessage(message.content).mentions;
  return names.has(reader.username.toLowerCase()) || (everyone && isAdminRole(message.role));
}

/** mentionsReader for the signed-in user. */
export function useMentionsMe(message: MentionSource): boolean {
  const user = useSession()?.user ?? null;
  return mentionsReader(message, user);
}
