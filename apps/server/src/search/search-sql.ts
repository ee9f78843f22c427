import type { ParsedSearch, SearchHas } from '@hearth/protocol';
import { SEARCH_TOTAL_CAP } from '@hearth/protocol';
import { bypassesGroupPermissions, type UserRow } from '../users/user-row.js';
import {
  SEARCH_CONFIGS,
  textConditions,
  type FilterIds,
  type MatchWay,
  type PreparedSearch,
} from './search-prepare.js';
import { Params, type Statement } from './statement.js';

/**
 * The statements that find what a search matches, among the messages the caller may see, as ids.
 *
 * Visibility is part of the statement, never a filter after its LIMIT: channels of groups the caller
 * may view (groups/access.ts: a stored permission without can_view hides a group; admins and the
 * system account see all) and the conversations the caller is in, except across a block either way
 * (direct-messages/access.ts refuses to show those). System lines and messages an admin removed are
 * never results.
 */

/** Hosts whose links the client shows as a video player (rendering/embeds/video-links.ts). */
const VIDEO_LINK = String.raw`https?://([a-z0-9-]+\.)*(youtube\.com|youtu\.be|youtube-nocookie\.com|twitch\.tv|vimeo\.com|tiktok\.com|dailymotion\.com|dai\.ly|streamable\.com)/`;

/**
 * How many matches the probe reads before it stops: up to it the service has every match (sorted
 * in memory, counted exactly); past it, the total is capped and the search common enough that the
 * newest are found quickly by walking the messages newest first (search/matches.ts says why both).
 */
export const SEARCH_PROBE_LIMIT = SEARCH_TOTAL_CAP;

/** A word matches when any reading of it matches (an English stop word still matches as written). */
const wordQuery = (param: string) => `(${SEARCH_CONFIGS.map((c) => `plainto_tsquery('${c}', ${param})`).join(' || ')})`;

/** The tsquery that marks the words of a result: any reading of any word, or any word of a phrase as written. */
export function highlightQuery(search: Pick<ParsedSearch, 'words' | 'phrases'>, p: Params): string | null {
  const parts = [
    ...search.words.map((w) => wordQuery(p.add(w))),
    ...search.phrases.map((t) => `plainto_tsquery('simple', ${p.add(t)})`),
  ];
  if (parts.length === 0) return null;
  // A phrase's words, each enough alone: plainto_tsquery ANDs them; OR them instead.
  return parts.map((q) => `replace((${q})::text, ' & ', ' | ')::tsquery`).join(' || ');
}

function hasCondition(kind: SearchHas): string {
  const attachment = (type?: string) =>
    `EXISTS (SELECT 1 FROM attachments a WHERE a.message_id = m.id${type ? ` AND a.attachment_type = '${type}'` : ''})`;
  switch (kind) {
    case 'link':
      return `m.content ~* 'https?://'`;
    case 'file':
      return attachment();
    case 'image':
      return attachment('image');
    case 'video':
      return `(${attachment('video')} OR m.content ~* '${VIDEO_LINK}')`;
    case 'embed':
      // A link preview, or a video link the client plays in place.
      return `(m.embeds <> '[]'::jsonb OR m.content ~* '${VIDEO_LINK}')`;
  }
}

/** The conditions of the filters, each a predicate on `m`. */
function filterConditions(search: ParsedSearch, ids: FilterIds, p: Params): string[] {
  const where: string[] = [];
  if (ids.from !== null) where.push(`m.user_id = ANY(${p.add(ids.from)}::bigint[])`);
  if (ids.mentions !== null)
    where.push(`EXISTS (SELECT 1 FROM unnest(${p.add(ids.mentions)}::bigint[]) AS mu(id)
                  WHERE m.mentioned_users @> jsonb_build_array(jsonb_build_object('id', mu.id)))`);
  if (ids.in !== null) where.push(`m.channel_id = ANY(${p.add(ids.in)}::bigint[])`);
  for (const kind of search.has) where.push(hasCondition(kind));
  // Days are UTC days: before: a day is every message sent before it began, after: a day every one after it ended.
  if (search.before !== null)
    where.push(`m.created_at < (${p.add(search.before)}::date::timestamp AT TIME ZONE 'UTC')`);
  if (search.after !== null)
    where.push(`m.created_at >= ((${p.add(search.after)}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
  if (search.pinned !== null) where.push(search.pinned ? 'm.pinned_at IS NOT NULL' : 'm.pinned_at IS NULL');
  return where;
}

/** Where the caller may read: channels of groups they may view, and their conversations not across a block. */
function visibleCondition(user: Pick<UserRow, 'id' | 'role'>, p: Params): string {
  const me = p.add(user.id);
  const channels = bypassesGroupPermissions(user)
    ? 'm.channel_id IS NOT NULL'
    : `m.channel_id IN (SELECT c.id FROM channels c WHERE NOT EXISTS (
         SELECT 1 FROM group_permissions gp WHERE gp.group_id = c.group_id AND gp.user_id = ${me}::bigint AND NOT gp.can_view))`;
  const conversations = `m.conversation_id IN (
      SELECT dc.id FROM dm_conversations dc
       WHERE (dc.user_low = ${me}::bigint OR dc.user_high = ${me}::bigint)
         AND NOT EXISTS (SELECT 1 FROM blocks b
                          WHERE (b.blocker_id = dc.user_low AND b.blocked_id = dc.user_high)
                             OR (b.blocker_id = dc.user_high AND b.blocked_id = dc.user_low)))`;
  return `(${channels} OR ${conversations})`;
}

/** The matches of a search among the messages the caller may see, in the three forms the service runs. */
export interface MatchStatements {
  /** Whether the search has words (the full-text index can find its matches); false for filters alone. */
  hasText: boolean;
  /** Up to SEARCH_PROBE_LIMIT + 1 matches in no order: all of them when there are no more. */
  probe: Statement;
  /** The newest matches, newest first; the last value is the LIMIT, set by the caller. */
  newest: Statement;
}

/**
 * The statements of a search, or null when its words can match nothing (they are all punctuation).
 * A search with words asks the full-text indexes first (search/matches.ts says why).
 */
export function matchStatements(
  user: Pick<UserRow, 'id' | 'role'>,
  search: ParsedSearch,
  prepared: PreparedSearch,
): MatchStatements | null {
  const hasText = search.words.length + search.phrases.length > 0;
  const matches = (way: MatchWay) => {
    const p = new Params();
    const text = hasText ? textConditions(prepared.text, way, p) : [];
    if (text === null) return null;
    const where = [
      ...text,
      `m.message_type = 'text'`,
      'NOT m.removed_by_admin',
      visibleCondition(user, p),
      ...filterConditions(search, prepared.filterIds, p),
    ];
    return { p, select: `SELECT m.id FROM messages m WHERE ${where.join('\n    AND ')}` };
  };
  const [indexed, walked] = [matches('indexed'), matches('walked')];
  if (indexed === null || walked === null) return null;
  return {
    hasText,
    probe: { text: `${indexed.select} LIMIT ${SEARCH_PROBE_LIMIT + 1}`, values: indexed.p.values },
    newest: {
      text: `${walked.select} ORDER BY m.id DESC LIMIT $${walked.p.values.length + 1}`,
      values: walked.p.values,
    },
  };
}

/**
 * The words of each message (of a page of results) that the search matched, as written in it: the
 * text is cut at spaces and punctuation, and each piece read the four ways and tested against the
 * search's words. Only a page's messages are read, so this costs a few milliseconds at most.
 */
export function highlightsStatement(search: ParsedSearch, ids: number[]): Statement | null {
  const p = new Params();
  const query = highlightQuery(search, p);
  if (query === null) return null;
  const vector = SEARCH_CONFIGS.map((c) => `to_tsvector('${c}', w)`).join(' || ');
  // Each distinct word of the page is read the four ways once, however many messages hold it.
  return {
    text: `WITH words AS (
             SELECT m.id, w FROM messages m, LATERAL regexp_split_to_table(m.content, '[[:space:][:punct:]]+') AS w
              WHERE m.id = ANY(${p.add(ids)}::bigint[]) AND w <> ''),
           hits AS (SELECT w FROM (SELECT DISTINCT w FROM words) d WHERE (${vector}) @@ (${query}))
           SELECT words.id, array_agg(DISTINCT words.w ORDER BY words.w) AS words
             FROM words JOIN hits ON hits.w = words.w
            GROUP BY words.id`,
    values: p.values,
  };
}
