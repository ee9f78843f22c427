import type { Message, SearchAnswer, SearchMessage, SearchQuery } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { MESSAGE_SELECT, toMessage, type MessageRow } from '../messages/message-row.js';
import { loadPageExtras } from '../messages/page-extras.js';
import { DM_MESSAGE_SELECT, type PairColumns } from '../direct-messages/dm-row.js';
import { otherParticipant } from '../direct-messages/access.js';
import { applyBlurForViewer } from '../profiles/blurred-messages.js';
import type { UserRow } from '../users/user-row.js';
import { highlightsStatement } from './search-sql.js';
import { findMatches } from './matches.js';

type DmRow = Omit<MessageRow, 'group_id'> & { group_id: null } & PairColumns;

/**
 * A page of what a search matches, newest first. Access is part of the statement that finds the
 * matches (search-sql.ts), so nothing the caller may not see is counted or read; the page's messages
 * are then loaded in the history shape (a few queries for the page, never one per message).
 */
export async function search(ctx: AppContext, user: UserRow, q: SearchQuery): Promise<SearchAnswer> {
  const matches = await findMatches(ctx, user, q.search, q.offset, q.limit);
  return {
    total: matches.total,
    total_capped: matches.capped,
    messages: await resultPage(ctx, user, q.search, matches.ids),
  };
}

/** The messages of `ids` (newest first, as given), with their extras, the viewer's blur and what matched. */
async function resultPage(
  ctx: AppContext,
  user: UserRow,
  search: SearchQuery['search'],
  ids: number[],
): Promise<SearchMessage[]> {
  if (ids.length === 0) return [];
  const highlights = highlightsStatement(search, ids);
  const [channelRows, dmRows, words] = await Promise.all([
    ctx.db.query<MessageRow>(`${MESSAGE_SELECT} WHERE m.id = ANY($1::bigint[])`, [ids]),
    ctx.db.query<DmRow>(`${DM_MESSAGE_SELECT} WHERE m.id = ANY($1::bigint[])`, [ids]),
    highlights ? ctx.db.query<{ id: string; words: string[] }>(highlights.text, highlights.values) : null,
  ]);
  const byId = new Map<number, { message: Message; dmUserId: number | null }>();
  for (const row of channelRows.rows) byId.set(row.id, { message: toMessage(row), dmUserId: null });
  for (const row of dmRows.rows)
    byId.set(row.id, { message: toMessage(row), dmUserId: otherParticipant(user.id, row) });
  // A message deleted between the two statements is simply left out.
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  const page = found.map((f) => f.message);
  await loadPageExtras(ctx, page);
  await applyBlurForViewer(ctx, user.id, page);
  const matched = new Map((words?.rows ?? []).map((r) => [Number(r.id), r.words]));
  return page.map((message, i) => ({
    ...message,
    dm_user_id: found[i]!.dmUserId,
    highlights: matched.get(message.id) ?? [],
  }));
}
