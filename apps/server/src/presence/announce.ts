import type { AppContext } from '../context.js';
import type { Audience } from '../events/event-log.js';
import { friendIdsOf } from '../profiles/visibility.js';
import { ONLINE_SQL, ownView, PRESENCE_COLUMNS, publicView, type PresenceRow } from './presence-row.js';

const timeoutSec = (ctx: AppContext) => ctx.config.presenceNodeTimeoutMs / 1000;

export async function loadPresence(ctx: AppContext, userId: number): Promise<PresenceRow | null> {
  const { rows } = await ctx.db.query<PresenceRow>(
    `SELECT ${PRESENCE_COLUMNS}, ${ONLINE_SQL('u.id', '$2')} AS is_online FROM users u WHERE u.id = $1`,
    [userId, timeoutSec(ctx)],
  );
  return rows[0] ?? null;
}

/**
 * Who is told of a user's presence (spec 2 §4): their friends, and whoever can view a group the user
 * can view. The audience carries the user's visible groups, so each session decides with what it
 * already holds (the groups hidden from it), with no query per recipient.
 */
async function presenceAudience(ctx: AppContext, userId: number): Promise<Audience> {
  const [friendIds, groups] = await Promise.all([
    friendIdsOf(ctx.db, userId),
    ctx.db.query<{ id: number }>(
      `SELECT g.id FROM groups g, users u
        WHERE u.id = $1 AND (u.role IN ('ADMIN', 'SYSTEM') OR NOT EXISTS (
              SELECT 1 FROM group_permissions gp WHERE gp.group_id = g.id AND gp.user_id = u.id AND NOT gp.can_view))`,
      [userId],
    ),
  ]);
  return { kind: 'presence', userId, friendIds, groupIds: groups.rows.map((g) => g.id) };
}

/** Tells the user's own sessions their whole presence, and everyone who may see them what they see. */
export async function announcePresence(ctx: AppContext, userId: number): Promise<void> {
  const row = await loadPresence(ctx, userId);
  if (!row) return;
  await ctx.events.publish('presence_update', ownView(row), { kind: 'users', userIds: [userId] });
  await ctx.events.publish('presence_update', publicView(row), await presenceAudience(ctx, userId));
}
