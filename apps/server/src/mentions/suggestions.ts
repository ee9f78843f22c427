import { EVERYONE_MENTION, TEXT, type MentionSuggestion, type MentionSuggestionQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { canViewGroupSql, requireVisibleChannel } from '../groups/access.js';
import { bypassesGroupPermissions, type UserRow } from '../users/user-row.js';

interface CandidateRow {
  id: number;
  username: string;
  nickname: string | null;
  profile_image_url: string | null;
}

/** `LIKE` pattern for "starts with": the query's own %, _ and \ match only themselves. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/*
 * Users whose username or nickname starts with the query (both lower-cased, each served by a
 * text_pattern_ops index). With a group ($2), only users who can view it: admins always, others
 * unless a stored permission hides it. The system account can be mentioned in text, but is no one to
 * suggest. An exact username first, then username matches, then nickname matches, by username.
 */
const SUGGESTIONS_SQL = `
  SELECT u.id, u.username, u.nickname, u.profile_image_url
    FROM users u
   WHERE u.role <> 'SYSTEM'
     AND (lower(u.username) LIKE $1 OR lower(u.nickname) LIKE $1)
     AND ($2::bigint IS NULL OR ${canViewGroupSql('u', '$2')})
   ORDER BY lower(u.username) = $3 DESC, lower(u.username) LIKE $1 DESC, lower(u.username), u.id
   LIMIT $4`;

/**
 * The mention popup's entries. With a channel: only people who can see it (a mention of anyone else
 * would ping no one), and @everyone for those who may use it, labelled as the spec says; without a
 * channel there is no one to call everyone, so it is not offered.
 */
export async function mentionSuggestions(
  ctx: AppContext,
  user: UserRow,
  q: MentionSuggestionQuery,
): Promise<MentionSuggestion[]> {
  const groupId =
    q.channel_id === undefined ? null : (await requireVisibleChannel(ctx.db, user, q.channel_id)).channel.group_id;
  const query = q.query.toLowerCase();
  const everyone = groupId !== null && bypassesGroupPermissions(user) && EVERYONE_MENTION.startsWith(query);
  // @everyone comes last, and always within the limit.
  const { rows } = await ctx.db.query<CandidateRow>(SUGGESTIONS_SQL, [
    startsWith(query),
    groupId,
    query,
    everyone ? q.limit - 1 : q.limit,
  ]);
  const users = rows.map((r): MentionSuggestion => ({
    type: 'user',
    id: r.id,
    username: r.username,
    display_name: r.nickname ?? r.username,
    profile_image_url: r.profile_image_url,
    label: null,
  }));
  if (!everyone) return users;
  return [
    ...users,
    {
      type: 'everyone',
      id: null,
      username: EVERYONE_MENTION,
      display_name: EVERYONE_MENTION,
      profile_image_url: null,
      label: TEXT.everyoneAdminOnly,
    },
  ];
}
