import type { UserPresence } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { prepared } from '../db/pool.js';
import { canViewGroupSql } from '../groups/access.js';
import { ONLINE_SQL, ownView, PRESENCE_COLUMNS, publicView, type PresenceRow } from './presence-row.js';

const timeoutSec = (ctx: AppContext) => ctx.config.presenceNodeTimeoutMs / 1000;

/** Run for every heartbeat. */
const LOAD_PRESENCE = prepared(
  'presence-load',
  `SELECT ${PRESENCE_COLUMNS}, ${ONLINE_SQL('u.id', '$2')} AS is_online FROM users u WHERE u.id = $1`,
);

export async function loadPresence(ctx: AppContext, userId: number): Promise<PresenceRow | null> {
  const { rows } = await ctx.db.query<PresenceRow>(LOAD_PRESENCE([userId, timeoutSec(ctx)]));
  return rows[0] ?? null;
}

/**
 * Who hears a change of the user in row `u`: their friends and the groups they can view. Columns to
 * read with the presence row itself, so announcing a change costs no query of its own (status changes
 * can come by the dozen a second on a large instance).
 */
export const REACH_COLUMNS = `
  ARRAY(SELECT CASE WHEN f.requester_id = u.id THEN f.addressee_id ELSE f.requester_id END
          FROM friendships f
         WHERE f.status = 'accepted' AND (f.requester_id = u.id OR f.addressee_id = u.id))::int8[] AS friend_ids,
  ARRAY(SELECT g.id FROM groups g
         WHERE ${canViewGroupSql('u', 'g.id')}
         ORDER BY g.id)::int8[] AS group_ids`;

/** A presence row read with REACH_COLUMNS (int8 arrays arrive as strings). */
export type ReachedPresenceRow = PresenceRow & { friend_ids: (string | number)[]; group_ids: (string | number)[] };

/** Run for every connect and disconnect. */
const LOAD_REACHED_PRESENCE = prepared(
  'presence-load-reached',
  `SELECT ${PRESENCE_COLUMNS}, ${ONLINE_SQL('u.id', '$2')} AS is_online, ${REACH_COLUMNS} FROM users u WHERE u.id = $1`,
);

async function loadReachedPresence(ctx: AppContext, userId: number): Promise<ReachedPresenceRow | null> {
  const { rows } = await ctx.db.query<ReachedPresenceRow>(LOAD_REACHED_PRESENCE([userId, timeoutSec(ctx)]));
  return rows[0] ?? null;
}

/** How long changes for the same groups are gathered into one event. */
export const PRESENCE_BATCH_MS = 1000;

/**
 * Presence changes for everyone who shares a group with the user are gathered for a moment and sent
 * as one `presence_update` carrying a list (`presences`) per set of groups: with hundreds of people
 * changing status, each session gets a few frames a second instead of one per change
 * (bench:presence). Users who can view the same groups (most of an instance) share one batch.
 */
class PresenceBatcher {
  private pending = new Map<string, { groupIds: number[]; presences: Map<number, UserPresence> }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private ctx: AppContext) {}

  add(groupIds: number[], presence: UserPresence): void {
    if (groupIds.length === 0) return;
    const key = groupIds.join(',');
    let batch = this.pending.get(key);
    if (!batch) this.pending.set(key, (batch = { groupIds, presences: new Map() }));
    // A later change of the same user replaces an earlier one still waiting.
    batch.presences.set(presence.user_id, presence);
    this.timer ??= setTimeout(() => void this.flush(), PRESENCE_BATCH_MS);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending.values()];
    this.pending.clear();
    for (const { groupIds, presences } of batches) {
      const data = { presences: [...presences.values()] };
      try {
        await this.ctx.events.publish('presence_update', data, { kind: 'groups_any', groupIds });
      } catch (err) {
        console.error('[presence] could not publish:', (err as Error).message);
      }
    }
  }
}

const batchers = new WeakMap<AppContext, PresenceBatcher>();
const batcherOf = (ctx: AppContext) => {
  let batcher = batchers.get(ctx);
  if (!batcher) batchers.set(ctx, (batcher = new PresenceBatcher(ctx)));
  return batcher;
};

/** Sends what is still gathered now (a stopping node), rather than after the server is gone. */
export const flushPresence = (ctx: AppContext) => batchers.get(ctx)?.flush() ?? Promise.resolve();

/**
 * Tells the user's own sessions their whole presence at once; their friends what others see at once
 * (`presence_update`: few sessions, and friends may share no group); and everyone sharing a group with
 * them in the next batch. A caller that has just read or written the row with REACH_COLUMNS passes
 * it, saving the query.
 */
export async function announcePresence(ctx: AppContext, userId: number, known?: ReachedPresenceRow): Promise<void> {
  const row = known ?? (await loadReachedPresence(ctx, userId));
  if (!row) return;
  await ctx.events.publish('presence_update', ownView(row), { kind: 'users', userIds: [userId] });
  const seen = publicView(row);
  const friendIds = row.friend_ids.map(Number);
  if (friendIds.length > 0) await ctx.events.publish('presence_update', seen, { kind: 'users', userIds: friendIds });
  batcherOf(ctx).add(row.group_ids.map(Number), seen);
}
