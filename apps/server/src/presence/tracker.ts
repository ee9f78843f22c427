import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context.js';
import { announcePresence, flushPresence } from './announce.js';
import { ONLINE_SQL } from './presence-row.js';

/**
 * This node's part of "who is connected" (see migration 0013): a row per user with a live session
 * here, a heartbeat for the node, and a sweep of nodes that stopped beating. A user's last session
 * closing starts a grace period; only if none has come back here, and none is open on another node,
 * are they announced offline, so a reload does not flicker.
 */
export class PresenceTracker {
  readonly nodeId = randomUUID();
  private sessions = new Map<number, number>();
  private leaving = new Map<number, NodeJS.Timeout>();
  private beat: NodeJS.Timeout | null = null;
  private stopped = false;
  /** A change failed to reach the database (it was down): the next beat puts this node's rows right. */
  private stale = false;

  /** `onGone` hears of users now connected nowhere (voice takes them out of channels and calls). */
  constructor(
    private ctx: AppContext,
    private onGone: (userIds: number[]) => Promise<void> = async () => {},
  ) {}

  async start(): Promise<void> {
    await this.ctx.db.query('INSERT INTO live_nodes (node_id) VALUES ($1)', [this.nodeId]);
    this.beat = setInterval(() => void this.beatAndSweep(), this.ctx.config.presenceNodeBeatMs);
    this.beat.unref();
  }

  /** A session of the user attached to this node. */
  connected(userId: number): void {
    const count = (this.sessions.get(userId) ?? 0) + 1;
    this.sessions.set(userId, count);
    if (count > 1) return;
    const pending = this.leaving.get(userId);
    if (pending) {
      // Back within the grace: nothing changed for anyone.
      clearTimeout(pending);
      this.leaving.delete(userId);
      return;
    }
    void this.guard(this.arrive(userId), 'an arrival');
  }

  /** A session of the user left this node. */
  disconnected(userId: number): void {
    const count = (this.sessions.get(userId) ?? 0) - 1;
    if (count > 0) return void this.sessions.set(userId, count);
    this.sessions.delete(userId);
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.leaving.delete(userId);
      if (!this.sessions.has(userId)) void this.guard(this.leave(userId), 'a departure');
    }, this.ctx.config.presenceOfflineGraceMs);
    timer.unref();
    this.leaving.set(userId, timer);
  }

  /** A graceful stop: the node's rows go at once (its users reconnect elsewhere, or show offline on the next list). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.beat) clearInterval(this.beat);
    for (const timer of this.leaving.values()) clearTimeout(timer);
    this.leaving.clear();
    await flushPresence(this.ctx);
    await this.ctx.db.query('DELETE FROM live_nodes WHERE node_id = $1', [this.nodeId]).catch(() => undefined);
  }

  private async arrive(userId: number): Promise<void> {
    await this.ctx.db.query('INSERT INTO live_users (node_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      this.nodeId,
      userId,
    ]);
    // Already connected on another node: the others knew it.
    const { rows } = await this.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM live_users lu JOIN live_nodes n ON n.node_id = lu.node_id
        WHERE lu.user_id = $1 AND n.beat_at > now() - make_interval(secs => $2)`,
      [userId, this.timeoutSec()],
    );
    if (rows[0]!.n === 1) await announcePresence(this.ctx, userId);
  }

  private async leave(userId: number): Promise<void> {
    await this.ctx.db.query('DELETE FROM live_users WHERE node_id = $1 AND user_id = $2', [this.nodeId, userId]);
    await this.goneIfNowhere([userId]);
  }

  /** Users with no live session on any node: last seen now, and announced offline. */
  private async goneIfNowhere(userIds: number[]): Promise<void> {
    if (userIds.length === 0) return;
    const { rows } = await this.ctx.db.query<{ id: number }>(
      `UPDATE users u SET last_seen = now()
        WHERE u.id = ANY($1::bigint[]) AND NOT ${ONLINE_SQL('u.id', '$2')} RETURNING u.id`,
      [userIds, this.timeoutSec()],
    );
    for (const { id } of rows) await announcePresence(this.ctx, id);
    if (rows.length > 0) await this.onGone(rows.map((r) => r.id));
  }

  private async beatAndSweep(): Promise<void> {
    await this.guard(
      (async () => {
        const beat = await this.ctx.db.query('UPDATE live_nodes SET beat_at = now() WHERE node_id = $1', [this.nodeId]);
        if (!beat.rowCount) await this.rejoin();
        if (this.stale) await this.reconcile();
        // Nodes that stopped beating (a crash): their rows go, and their users are offline unless seen elsewhere.
        const { rows } = await this.ctx.db.query<{ user_id: number }>(
          `WITH dead AS (
             DELETE FROM live_nodes WHERE beat_at < now() - make_interval(secs => $1) RETURNING node_id
           )
           SELECT DISTINCT user_id FROM live_users WHERE node_id IN (SELECT node_id FROM dead)`,
          [this.timeoutSec()],
        );
        await this.goneIfNowhere(rows.map((r) => r.user_id));
      })(),
      'the beat',
    );
  }

  /** Swept by another node while paused (a long GC, a suspended VM): register again with the users held here. */
  private async rejoin(): Promise<void> {
    await this.ctx.db.query('INSERT INTO live_nodes (node_id) VALUES ($1) ON CONFLICT DO NOTHING', [this.nodeId]);
    await this.ctx.db.query(
      'INSERT INTO live_users (node_id, user_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING',
      [this.nodeId, [...this.sessions.keys()]],
    );
  }

  /**
   * After a failure: the rows of this node become exactly the users it holds. Those who came or left
   * while the database was away are announced now (a friend shown offline, or a ghost online, otherwise).
   */
  private async reconcile(): Promise<void> {
    this.stale = false;
    const held = [...this.sessions.keys()];
    const { rows: came } = await this.ctx.db.query<{ user_id: number }>(
      'INSERT INTO live_users (node_id, user_id) SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING RETURNING user_id',
      [this.nodeId, held],
    );
    const { rows: left } = await this.ctx.db.query<{ user_id: number }>(
      'DELETE FROM live_users WHERE node_id = $1 AND NOT user_id = ANY($2::bigint[]) RETURNING user_id',
      [this.nodeId, held],
    );
    for (const { user_id } of came) await announcePresence(this.ctx, user_id);
    await this.goneIfNowhere(left.map((r) => r.user_id));
  }

  private timeoutSec(): number {
    return this.ctx.config.presenceNodeTimeoutMs / 1000;
  }

  /** Presence is best effort: a failure (the database gone for a moment) is logged, never thrown into the gateway. */
  private async guard(work: Promise<void>, what: string): Promise<void> {
    try {
      await work;
    } catch (err) {
      this.stale = true;
      if (!this.stopped) console.error(`[presence] ${what} not recorded:`, (err as Error).message);
    }
  }
}
