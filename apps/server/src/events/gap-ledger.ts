import type { Queryable } from '../db/pool.js';

/**
 * Where the gaps a node owes the event log are kept beyond its own life: in PostgreSQL, which every
 * node shares and which stays up through an outage of Redis. A node that lost a publish and then
 * stopped before Redis answered again would otherwise take the only knowledge of the gap with it,
 * and the sessions on the other nodes would miss that event for good, with nothing telling them to
 * reload.
 */
export interface GapLedger {
  /** Notes that a gap is owed (the first publish lost in an outage). */
  owe(): Promise<void>;
  /** The newest gap owed, as a mark for settled(), or null when none is. */
  owed(): Promise<number | null>;
  /** The gaps up to `mark` are in the log now. */
  settled(mark: number): Promise<void>;
}

export class DatabaseGapLedger implements GapLedger {
  constructor(private readonly db: Queryable) {}

  async owe(): Promise<void> {
    await this.db.query('INSERT INTO event_log_gaps_owed DEFAULT VALUES');
  }

  async owed(): Promise<number | null> {
    const { rows } = await this.db.query<{ mark: number | null }>('SELECT max(id) AS mark FROM event_log_gaps_owed');
    return rows[0]?.mark ?? null;
  }

  async settled(mark: number): Promise<void> {
    await this.db.query('DELETE FROM event_log_gaps_owed WHERE id <= $1', [mark]);
  }
}
