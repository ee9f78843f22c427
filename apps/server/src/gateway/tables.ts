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

/** This node's attached sessions by id, counted per user as they come and go (for the user cap). */
export class SessionTable extends Map<string, LiveSession> {
  private perUser = new Map<number, number>();

  override set(id: string, session: LiveSession): this {
    const previous = this.get(id);
    if (previous) decrement(this.perUser, previous.user.id);
    this.perUser.set(session.user.id, this.ofUser(session.user.id) + 1);
    return super.set(id, session);
  }

  override delete(id: string): boolean {
    const previous = this.get(id);
    if (!previous) return false;
    decrement(this.perUser, previous.user.id);
    return super.delete(id);
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
