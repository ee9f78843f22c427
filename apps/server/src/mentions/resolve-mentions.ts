import { extractMentions, type MentionedUser } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';
import { bypassesGroupPermissions, type UserRow } from '../users/user-row.js';

/** What a message's text mentions, resolved to users; stored on the message as it is shown. */
export interface Mentions {
  users: MentionedUser[];
  /** Only an admin (or the system account) pings everyone; anyone else's @everyone stays text. */
  everyone: boolean;
}

/**
 * Parses the text and looks the names up (any case), in order of first mention. A name that is no
 * user stays text. Text without an @ costs no query, so most sends pay nothing for mentions.
 */
export async function resolveMentions(
  db: Queryable,
  author: Pick<UserRow, 'role'>,
  content: string,
): Promise<Mentions> {
  const extracted = extractMentions(content);
  const everyone = extracted.everyone && bypassesGroupPermissions(author);
  if (extracted.names.length === 0) return { users: [], everyone };
  const { rows } = await db.query<MentionedUser>(
    `SELECT id, username FROM users WHERE lower(username) = ANY($1::text[])
      ORDER BY array_position($1::text[], lower(username))`,
    [extracted.names],
  );
  return { users: rows, everyone };
}

/** The users a message pings by name: everyone it mentions but its author (mentioning oneself pings no one). */
export const pingedUserIds = (mentions: Mentions, authorId: number): number[] =>
  mentions.users.filter((u) => u.id !== authorId).map((u) => u.id);
