import type { AppContext } from '../context.js';
import { ONLINE_SQL, ownView, PRESENCE_COLUMNS, publicView, type PresenceRow } from './presence-row.js';

const timeoutSec = (ctx: AppContext) => ctx.config.presenceNodeTimeoutMs / 1000;

export async function loadPresence(ctx: AppContext, userId: number): Promise<PresenceRow | null> {
  const { rows } = await ctx.db.query<PresenceRow>(
    `SELECT ${PRESENCE_COLUMNS}, ${ONLINE_SQL('u.id', '$2')} AS is_online FROM users u WHERE u.id = $1`,
    [userId, timeoutSec(ctx)],
  );
  return rows[0] ?? null;
}

/** What decides who sees a user's presence: their friends and the groups they can view. */
async function presenceReach(ctx: AppContext, userId: number): Promise<{ friendIds: number[]; groupIds: number[] }> {
  // One round trip: status changes can come by the dozen a second on a large instance.
  const { rows } = await ctx.db.query<{ friend_ids: number[]; group_ids: number[] }>(
    `SELECT ARRAY(SELECT CASE WHEN f.requester_id = u.id THEN f.addressee_id ELSE f.requester_id END
                    FROM friendships f
                   WHERE f.status = 'accepted' AND (f.requester_id = u.id OR f.addressee_id = u.id))::int8[] AS friend_ids,
            ARRAY(SELECT g.id FROM groups g
                   WHERE u.role IN ('ADMIN', 'SYSTEM') OR NOT EXISTS (
                         SELECT 1 FROM group_permissions gp
                          WHERE gp.group_id = g.id AND gp.user_id = u.id AND NOT gp.can_view)
                   ORDER BY g.id)::int8[] AS group_ids
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  return { friendIds: (row?.friend_ids ?? []).map(Number), groupIds: (row?.group_ids ?? []).map(Number) };
}

/**
 * Tells the user's own sessions their whole presence, and everyone who may see them (their friends,
 * and whoever can view a group they can view) what others see: one event for each, serialised once.
 * The audience carries the user's friends and visible groups, so each session decides with what it
 * already holds (the groups hidden from it), with no query per recipient. A caller that has just read
 * or written the row passes it, saving a query.
 */
export async function announcePresence(ctx: AppContext, userId: number, known?: PresenceRow): Promise<void> {
  const row = known ?? (await loadPresence(ctx, userId));
  if (!row) return;
  await ctx.events.publish('presence_update', ownView(row), { kind: 'users', userIds: [userId] });
  const { friendIds, groupIds } = await presenceReach(ctx, userId);
  await ctx.events.publish('presence_update', publicView(row), { kind: 'presence', userId, friendIds, groupIds });
}
