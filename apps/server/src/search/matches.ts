import { SEARCH_TOTAL_CAP, type ParsedSearch } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type DbClient } from '../db/pool.js';
import type { UserRow } from '../users/user-row.js';
import { matchStatements, namesStatement, SEARCH_PROBE_LIMIT, type FilterIds, type Statement } from './search-sql.js';

/** The ids of one page of matches, newest first, and how many matches there are (capped). */
export interface Matches {
  ids: number[];
  total: number;
  capped: boolean;
}

const ids = async (tx: DbClient, s: Statement, extra: unknown[] = []) =>
  (await tx.query<{ id: number }>(s.text, [...s.values, ...extra])).rows.map((r) => Number(r.id));

/*
 * Newest first with a total is two questions the planner answers badly together. Walking the
 * primary key newest first and testing each message stops after a page when the words are common,
 * but reads the whole table when they are rare; the planner cannot tell which, since its estimate
 * for four ORed readings of a word is about the same for every word (it chose the walk for a word
 * that matched nothing: 2.3 s on a million messages). The full-text index finds every match of a
 * rare word at once, but reading all matches of a common one costs their number.
 *
 * So the index is asked first, with the walk ruled out (SET LOCAL, for this transaction only), for
 * at most SEARCH_PROBE_LIMIT + 1 (the total's cap, plus one) matches in no order: a bitmap scan that
 * stops there. No more than the cap means these are all the matches: sorted here, counted exactly,
 * paged from memory. More means the total is capped and the words common (at least 0.1% of a million
 * messages), and the walk newest first, with the index ruled out this time, finds a page quickly.
 */
async function probedMatches(tx: DbClient, s: ReturnType<typeof matchStatements>, offset: number, limit: number) {
  await tx.query('SET LOCAL enable_seqscan = off; SET LOCAL enable_indexscan = off');
  const all = await ids(tx, s.probe);
  if (all.length <= SEARCH_PROBE_LIMIT) {
    all.sort((a, b) => b - a);
    return { ids: all.slice(offset, offset + limit), total: all.length };
  }
  await tx.query('SET LOCAL enable_indexscan = on; SET LOCAL enable_bitmapscan = off');
  const newest = await ids(tx, s.newest, [offset + limit]);
  return { ids: newest.slice(offset), total: all.length };
}

/** The page of matches `offset` to `offset + limit` of a search, with the total (exact up to SEARCH_TOTAL_CAP). */
export async function findMatches(
  ctx: AppContext,
  user: Pick<UserRow, 'id' | 'role'>,
  search: ParsedSearch,
  offset: number,
  limit: number,
): Promise<Matches> {
  const names = namesStatement(search);
  const named =
    search.from.length + search.mentions.length + search.in.length === 0
      ? { from: [], mentions: [], in: [] }
      : (await ctx.db.query<{ from: number[]; mentions: number[]; in: number[] }>(names.text, names.values)).rows[0]!;
  const filterIds: FilterIds = {
    from: search.from.length > 0 ? named.from.map(Number) : null,
    mentions: search.mentions.length > 0 ? named.mentions.map(Number) : null,
    in: search.in.length > 0 ? named.in.map(Number) : null,
  };
  // A filter naming no one and nothing there is matches nothing.
  if (Object.values(filterIds).some((list) => list !== null && list.length === 0))
    return { ids: [], total: 0, capped: false };
  const s = matchStatements(user, search, filterIds);
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
