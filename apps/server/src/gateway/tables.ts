import type { Connection } from './connection.js';
import type { LiveSession } from './live-session.js';

/** This node's connections, counted per client address as they come and go (for the address cap). */
export class ConnectionSet extends Set<Connection> {
  private perAddress = new Map<string, number>();

  override add(conn: Connection): this {
    if (!this.has(conn)) this.perAddress.set(conn.address, this.fromAddress(conn.address) + 1);
    return super.add(conn);
  }

  override delete(conn: Connection): boolean {
    if (!super.delete(conn)) return false;
    decrement(this.perAddress, conn.address);
    return true;
  }

  fromAddress(address: string): number {
    return this.perAddress.get(address) ?? 0;
  }
}

/** Told when a user's first session on this node attaches and when their last one goes (presence). */
export interface SessionWatcher {
  connected(userId: number): void;
  disconnected(userId: number): void;
}

/** This node's attached sessions by id, counted per user as they come and go (for the user cap and presence). */
export class SessionTable extends Map<string, LiveSession> {
  private perUser = new Map<number, number>();
  private watcher: SessionWatcher | null = null;

  watch(watcher: SessionWatcher): void {
    this.watcher = watcher;
  }

  override set(id: string, session: LiveSession): this {
    const previous = this.get(id);
    if (previous) this.leave(previous.user.id);
    const count = this.ofUser(session.user.id) + 1;
    this.perUser.set(session.user.id, count);
    this.watcher?.connected(session.user.id);
    return super.set(id, session);
  }

  override delete(id: string): boolean {
    const previous = this.get(id);
    if (!previous) return false;
    this.leave(previous.user.id);
    return super.delete(id);
  }

  private leave(userId: number): void {
    decrement(this.perUser, userId);
    this.watcher?.disconnected(userId);
  }

  ofUser(userId: number): number {
    return this.perUser.get(userId) ?? 0;
  }
}

function decrement<K>(counts: Map<K, number>, key: K): void {
  const left = (counts.get(key) ?? 0) - 1;
  if (left > 0) counts.set(key, left);
  else counts.delete(key);
}
