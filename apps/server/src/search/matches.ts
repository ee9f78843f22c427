import { SEARCH_TOTAL_CAP, type ParsedSearch } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type DbClient } from '../db/pool.js';
import type { UserRow } from '../users/user-row.js';
import { prepareStatement, preparedSearch, type PreparedRow, type PreparedSearch } from './search-prepare.js';
import { matchStatements, SEARCH_PROBE_LIMIT, type MatchStatements } from './search-sql.js';
import type { Statement } from './statement.js';

/** The ids of one page of matches, newest first, and how many matches there are (capped). */
export interface Matches {
  ids: number[];
  total: number;
  capped: boolean;
}

const ids = async (tx: DbClient, s: Statement, extra: unknown[] = []) =>
  (await tx.query<{ id: number }>(s.text, [...s.values, ...extra])).rows.map((r) => Number(r.id));

/*
 * Newest first with a total is two questions. Walking the primary key newest first and testing each
 * message stops after a page when the words are common, but reads the whole table when they are
 * rare; the full-text index finds every match of a rare word at once, but reading all matches of a
 * common one costs their number.
 *
 * So the indexes are asked first, with the walk ruled out (SET LOCAL, for this transaction only), for
 * at most SEARCH_PROBE_LIMIT + 1 (the total's cap, plus one) matches in no order: a bitmap scan that
 * stops there, or for a word in a large share of the messages a sequential scan that stops as soon
 * (the words are constants, search-prepare.ts, so the planner's estimate tells which). No more than
 * the cap means these are all the matches: sorted here, counted exactly, paged from memory. More means
 * the total is capped and the words common (at least 0.1% of a million messages), and the walk newest
 * first, with the bitmap ruled out this time, finds a page quickly.
 */
async function probedMatches(tx: DbClient, s: MatchStatements, offset: number, limit: number) {
  await tx.query('SET LOCAL enable_indexscan = off');
  const all = await ids(tx, s.probe);
  if (all.length <= SEARCH_PROBE_LIMIT) {
    all.sort((a, b) => b - a);
    return { ids: all.slice(offset, offset + limit), total: all.length };
  }
  await tx.query('SET LOCAL enable_indexscan = on; SET LOCAL enable_bitmapscan = off');
  const newest = await ids(tx, s.newest, [offset + limit]);
  return { ids: newest.slice(offset), total: all.length };
}

const NONE: Matches = { ids: [], total: 0, capped: false };

/** The ids of the names a search's filters give, and its words as the parser reads them; no statement when it has neither. */
async function prepare(ctx: AppContext, search: ParsedSearch): Promise<PreparedSearch> {
  const asked =
    search.from.length + search.mentions.length + search.in.length + search.words.length + search.phrases.length;
  if (asked === 0) return preparedSearch(search, { from: [], mentions: [], in: [], words: [], phrases: [] });
  const statement = prepareStatement(search);
  return preparedSearch(search, (await ctx.db.query<PreparedRow>(statement.text, statement.values)).rows[0]!);
}

/** The page of matches `offset` to `offset + limit` of a search, with the total (exact up to SEARCH_TOTAL_CAP). */
export async function findMatches(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  search: ParsedSearch,
  offset: number,
  limit: number,
): Promise<Matches> {
  const prepared = await prepare(ctx, search);
  // A filter naming no one and nothing there is matches nothing.
  if (Object.values(prepared.filterIds).some((list) => list !== null && list.length === 0)) return NONE;
  const s = matchStatements(user, search, prepared);
  if (s === null) return NONE;
  const found = s.hasText
    ? await inTransaction(ctx.db, (tx) => probedMatches(tx, s, offset, limit))
    : // Filters alone: no index answers them all, so the planner chooses; newest first up to the cap.
      await inTransaction(ctx.db, async (tx) => {
        const newest = await ids(tx, s.newest, [Math.max(offset + limit, SEARCH_TOTAL_CAP + 1)]);
        return { ids: newest.slice(offset, offset + limit), total: newest.length };
      });
  return {
    ids: found.ids,
    total: Math.min(found.total, SEARCH_TOTAL_CAP),
    capped: found.total > SEARCH_TOTAL_CAP,
  };
}
