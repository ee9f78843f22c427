import type { HistoryQuery, Message } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { requireVisibleChannel } from '../groups/access.js';
import type { UserRow } from '../users/user-row.js';
import { MESSAGE_SELECT, toMessage, type MessageRow } from './message-row.js';
import { loadPageExtras } from './page-extras.js';
import { applyBlurForViewer } from '../profiles/blurred-messages.js';

/*
 * One statement per kind of page (and `around`, two of them joined), each a walk of messages_channel_id_id_idx (channel_id, id) that
 * stops after a page: backwards for the newest page and the page before an id, forwards for the page
 * after one. No optional condition such as `($2 IS NULL OR id < $2)`: each statement's conditions
 * are all ones the index answers.
 *
 * The page size is passed as `LIMIT (SELECT $n::int)`: the planner cannot see a value behind a
 * sub-select, so it assumes a tenth of the matching rows will be read, and walking the index in
 * order costs less than reading every match and sorting, whatever it believes the channel holds.
 * With `LIMIT $n` it weighs the page size against its estimate of the channel's rows; on a table it
 * has not analysed yet (a new instance, an import) that estimate is a fixed guess (1/200 of the
 * table, a third of that before an id), under a page for 10,000 messages, and it read the whole
 * channel by bitmap and sorted it. Separate statements alone do not avoid that: each execution is
 * planned with its values, so the old optional condition was already folded away.
 * test/history-plan.test.ts checks these plans on such a table; docs/performance.md has the timings.
 */
/** The three page statements over one place's messages: `select` selects them, `place` is the column that names the place. */
export function historySql(select: string, place: string) {
  return {
    newest: `${select} WHERE ${place} = $1 ORDER BY m.id DESC LIMIT (SELECT $2::int)`,
    before: `${select} WHERE ${place} = $1 AND m.id < $2 ORDER BY m.id DESC LIMIT (SELECT $3::int)`,
    after: `${select} WHERE ${place} = $1 AND m.id > $2 ORDER BY m.id ASC LIMIT (SELECT $3::int)`,
    // A page centred on $2 (a jump to a message): the walks before (from $2 itself) and after it, joined.
    around: `SELECT * FROM ((${select} WHERE ${place} = $1 AND m.id <= $2 ORDER BY m.id DESC LIMIT (SELECT $3::int))
      UNION ALL (${select} WHERE ${place} = $1 AND m.id > $2 ORDER BY m.id ASC LIMIT (SELECT $4::int))) page ORDER BY id`,
  } as const;
}
export type HistorySql = ReturnType<typeof historySql>;

export const HISTORY_SQL = historySql(MESSAGE_SELECT, 'm.channel_id');

/** The statement for one page, and whether it returns the page newest first. */
export interface PageStatement {
  text: string;
  values: number[];
  newestFirst: boolean;
}

/** The page of a place (a channel, or a conversation with its own statements) that a query asks for. */
export function placePage(
  sql: HistorySql,
  placeId: number,
  q: { limit: number; before?: number | undefined; after?: number | undefined; around?: number | undefined },
): PageStatement {
  if (q.around !== undefined) {
    // The message and those before it take the larger half, so a page of one is the message itself.
    const upTo = Math.ceil(q.limit / 2);
    return { text: sql.around, values: [placeId, q.around, upTo, q.limit - upTo], newestFirst: false };
  }
  if (q.after !== undefined) return { text: sql.after, values: [placeId, q.after, q.limit], newestFirst: false };
  if (q.before !== undefined) return { text: sql.before, values: [placeId, q.before, q.limit], newestFirst: true };
  return { text: sql.newest, values: [placeId, q.limit], newestFirst: true };
}

export const pageStatement = (q: HistoryQuery): PageStatement => placePage(HISTORY_SQL, q.channel_id, q);

/** A page of a channel's history in ascending order: the newest page, the page before/after an id, or around one. */
export async function history(ctx: AppContext, user: UserRow, q: HistoryQuery): Promise<Message[]> {
  await requireVisibleChannel(ctx.db, user, q.channel_id);
  const statement = pageStatement(q);
  const { rows } = await ctx.db.query<MessageRow>(statement.text, statement.values);
  if (statement.newestFirst) rows.reverse();
  const page = rows.map(toMessage);
  await loadPageExtras(ctx, page);
  await applyBlurForViewer(ctx, user.id, page);
  return page;
}
