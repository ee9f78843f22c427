import type { MemberEntry, MembersPage } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { canViewGroupSql, requireVisibleChannel } from '../groups/access.js';
import { badRequest } from '../http/errors.js';
import { hideBlurredPictures } from '../profiles/visibility.js';
import type { UserRow } from '../users/user-row.js';

/*
 * Who can view a channel: everyone but the system account, unless a stored permission hides the
 * group from them; admins always. In display-name order, a page at a time, by keyset ($2, $3: the
 * last name and id of the previous page), so the 200th page costs what the first does.
 */
const VISIBLE = `u.role <> 'SYSTEM'
   AND ${canViewGroupSql('u', '$1')}`;

const PAGE_SQL = `
  SELECT u.id, u.username, u.nickname, u.role, u.pronouns, u.pronouns_bg_color, u.pronouns_text_color,
         u.profile_image_url, u.profile_blur_enabled, lower(COALESCE(u.nickname, u.username)) AS sort_name
    FROM users u
   WHERE ${VISIBLE}
     AND (lower(COALESCE(u.nickname, u.username)), u.id) > ($2::text, $3::bigint)
   ORDER BY lower(COALESCE(u.nickname, u.username)), u.id
   LIMIT $4`;

const COUNT_SQL = `SELECT count(*)::int AS n FROM users u WHERE ${VISIBLE}`;

type Row = MemberEntry & { sort_name: string };

const encode = (name: string, id: number) => Buffer.from(JSON.stringify([name, id])).toString('base64url');

function decode(cursor: string): [string, number] {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      return [value[0], value[1] as number];
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw badRequest('Invalid cursor');
}

/** A page of the people who can view the channel (spec 2 §2 member panel); presence is merged by the client. */
export async function channelMembers(
  ctx: AppContext,
  viewer: UserRow,
  channelId: number,
  query: { after?: string | undefined; limit: number },
): Promise<MembersPage> {
  const { channel } = await requireVisibleChannel(ctx.db, viewer, channelId);
  const [afterName, afterId] = query.after ? decode(query.after) : ['', 0];
  const [page, count] = await Promise.all([
    ctx.db.query<Row>(PAGE_SQL, [channel.group_id, afterName, afterId, query.limit + 1]),
    query.after ? null : ctx.db.query<{ n: number }>(COUNT_SQL, [channel.group_id]),
  ]);
  const rows = page.rows.slice(0, query.limit);
  const last = rows.at(-1);
  const members = rows.map(({ sort_name: _sort, ...member }) => member);
  await hideBlurredPictures(ctx.db, viewer.id, members);
  return {
    members,
    // Counted with the first page; later pages repeat -1 rather than count 10,000 rows again.
    total: count ? count.rows[0]!.n : -1,
    next: page.rows.length > query.limit && last ? encode(last.sort_name, last.id) : null,
  };
}
