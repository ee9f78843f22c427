import type { Redis } from 'ioredis';
import type { Role } from '@hearth/protocol';

/** What a node must know to resume a session, possibly one that another node served. */
export interface SessionRecord {
  sessionId: string;
  userId: number;
  deviceId: number;
  /**
   * When the session's newest access token expires (ms). A resume without a token inherits it, so
   * resuming cannot outlive the token. Missing in records of older versions: such a resume needs a token.
   */
  tokenExpiresAt?: number;
  /**
   * The user's role when the record was saved: what the snapshots were worked out for (an admin's hide
   * no group). A resume after an admin changed the role is refused. Missing in records of older versions.
   */
  role?: Role;
  /**
   * Groups the user could not view, as of given seqs (oldest first). Replay starts from the latest
   * snapshot at or before the client's seq and applies later permission events in order, so events
   * of a group the user could not see at the time are never replayed.
   */
  snapshots: { seq: number; hidden: number[] }[];
}

export interface SessionStore {
  save(record: SessionRecord, ttlMs: number): Promise<void>;
  get(sessionId: string): Promise<SessionRecord | null>;
  delete(sessionId: string): Promise<void>;
}

export class MemorySessionStore implements SessionStore {
  private records = new Map<string, { record: SessionRecord; expiresAt: number }>();

  save(record: SessionRecord, ttlMs: number): Promise<void> {
    this.records.set(record.sessionId, { record: structuredClone(record), expiresAt: Date.now() + ttlMs });
    if (this.records.size % 1000 === 0) this.sweep();
    return Promise.resolve();
  }

  get(sessionId: string): Promise<SessionRecord | null> {
    const r = this.records.get(sessionId);
    if (!r || r.expiresAt <= Date.now()) return Promise.resolve(null);
    return Promise.resolve(structuredClone(r.record));
  }

  delete(sessionId: string): Promise<void> {
    this.records.delete(sessionId);
    return Promise.resolve();
  }

  private sweep() {
    const now = Date.now();
    for (const [k, r] of this.records) if (r.expiresAt <= now) this.records.delete(k);
  }
}

export class RedisSessionStore implements SessionStore {
  constructor(
    private redis: Redis,
    private prefix: string,
  ) {}

  async save(record: SessionRecord, ttlMs: number): Promise<void> {
    if (this.redis.status !== 'ready') throw new Error('Redis is not answering');
    await this.redis.set(this.key(record.sessionId), JSON.stringify(record), 'PX', ttlMs);
  }

  async get(sessionId: string): Promise<SessionRecord | null> {
    // A resume while Redis is away is refused at once (the client starts afresh), rather than after ioredis's reconnects.
    if (this.redis.status !== 'ready') throw new Error('Redis is not answering');
    const raw = await this.redis.get(this.key(sessionId));
    return raw ? (JSON.parse(raw) as SessionRecord) : null;
  }

  async delete(sessionId: string): Promise<void> {
    await this.redis.del(this.key(sessionId));
  }

  private key(id: string) {
    return `${this.prefix}session:${id}`;
  }
}
