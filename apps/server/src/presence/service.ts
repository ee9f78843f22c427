import type { OwnPresence, PresenceUpdateBody, UserPresence } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { prepared } from '../db/pool.js';
import { canViewGroupSql } from '../groups/access.js';
import { badRequest } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { announcePresence, loadPresence, REACH_COLUMNS, type ReachedPresenceRow } from './announce.js';
import { ONLINE_SQL, ownView, PRESENCE_COLUMNS, publicView, type PresenceRow } from './presence-row.js';

const timeoutSec = (ctx: AppContext) => ctx.config.presenceNodeTimeoutMs / 1000;

export async function ownPresence(ctx: AppContext, user: UserRow): Promise<OwnPresence> {
  return ownView((await loadPresence(ctx, user.id))!);
}

/**
 * A change of the caller's presence. A manual change (the status menu) is kept until the user
 * changes it again, except that choosing plain Online hands the status back to the automatic rules.
 * An automatic change (away after idling, online on return) is ignored while a manual status stands,
 * and may only move between online and away. Others are told only when what they see changed.
 */
export async function updatePresence(ctx: AppContext, user: UserRow, body: PresenceUpdateBody): Promise<OwnPresence> {
  if (!body.is_manual) {
    if (body.is_invisible !== undefined) throw badRequest('Invisibility is a manual choice: send is_manual true');
    if (body.status !== 'online' && body.status !== 'away')
      throw badRequest('An automatic change is online or away; busy and offline are manual choices');
  }
  const invisible = body.is_invisible ?? false;
  // One statement: it changes the row only if something changes, and answers the row as it is then.
  const { rows } = await ctx.db.query<ReachedPresenceRow & { changed: boolean }>(
    body.is_manual
      ? MANUAL_CHANGE([user.id, timeoutSec(ctx), body.status, invisible, !(body.status === 'online' && !invisible)])
      : AUTOMATIC_CHANGE([user.id, timeoutSec(ctx), body.status]),
  );
  const changed = rows.find((r) => r.changed);
  const row = changed ?? rows[0]!;
  if (changed) await announcePresence(ctx, user.id, row);
  return ownView(row);
}

const RETURNING = `${PRESENCE_COLUMNS}, ${ONLINE_SQL('u.id', '$2')} AS is_online`;

/*
 * A manual change ($3 status, $4 invisible, $5 manual flag): going invisible freezes last_seen where
 * others see it. An automatic one ($3): only while no manual status stands. Each answers the updated
 * row (changed, with who is to hear of it) or, when nothing changed, the row as it is.
 */
const MANUAL_CHANGE = prepared(
  'presence-manual-change',
  `
  WITH updated AS (
    UPDATE users u SET presence_status = $3, is_invisible = $4, presence_manually_set = $5,
           last_seen = CASE WHEN $4 AND NOT u.is_invisible THEN now() ELSE u.last_seen END
     WHERE u.id = $1
       AND (u.presence_status, u.is_invisible, u.presence_manually_set) IS DISTINCT FROM ($3, $4, $5)
    RETURNING ${RETURNING}, true AS changed, ${REACH_COLUMNS}
  )
  SELECT * FROM updated
  UNION ALL SELECT ${RETURNING}, false AS changed, NULL, NULL FROM users u
   WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM updated)`,
);

const AUTOMATIC_CHANGE = prepared(
  'presence-automatic-change',
  `
  WITH updated AS (
    UPDATE users u SET presence_status = $3
     WHERE u.id = $1 AND NOT u.presence_manually_set AND u.presence_status <> $3
    RETURNING ${RETURNING}, true AS changed, ${REACH_COLUMNS}
  )
  SELECT * FROM updated
  UNION ALL SELECT ${RETURNING}, false AS changed, NULL, NULL FROM users u
   WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM updated)`,
);

/*
 * Everyone the caller may see who is not offline as others see them: connected, not invisible, not set
 * to offline, and a friend or someone sharing a group with the caller (both can view it). Offline is
 * the default for anyone not listed, which keeps the answer small on a large instance. The caller's
 * own entry comes with it, as they see it.
 */
const ALL_SQL = `
  SELECT ${PRESENCE_COLUMNS}, true AS is_online FROM users u, users me
   WHERE me.id = $1 AND ${ONLINE_SQL('u.id', '$2')}
     AND (u.id = me.id OR (
          NOT u.is_invisible AND u.presence_status <> 'offline'
          AND (EXISTS (SELECT 1 FROM friendships f
                        WHERE f.status = 'accepted'
                          AND LEAST(f.requester_id, f.addressee_id) = LEAST(u.id, me.id)
                          AND GREATEST(f.requester_id, f.addressee_id) = GREATEST(u.id, me.id))
               OR EXISTS (SELECT 1 FROM groups g
                           WHERE ${canViewGroupSql('me', 'g.id')} AND ${canViewGroupSql('u', 'g.id')}))))`;

export async function visiblePresence(ctx: AppContext, user: UserRow): Promise<UserPresence[]> {
  const { rows } = await ctx.db.query<PresenceRow>(ALL_SQL, [user.id, timeoutSec(ctx)]);
  return rows.map((r) => (r.id === user.id ? ownView(r) : publicView(r)));
}
