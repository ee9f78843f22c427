import type { Redis } from 'ioredis';
import { buildFrame, LOG_GAP, LOG_MIN_EVENTS, type Audience, type EventLog, type LoggedEvent } from './event-log.js';
import { currentRequestId } from '../logging/request-id.js';
import type { GapLedger } from './gap-ledger.js';

/*
 * Multi-node event log on a Redis stream. A Lua script takes the next seq and appends the event
 * atomically, so the stream order is the seq order; every node tails the stream with XREAD and
 * dispatches in that order. Plain pub/sub cannot give this: two nodes publishing at once could
 * deliver seqs out of order, and nothing would be kept for a client resuming on another node.
 */
const PUBLISH_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[4], n .. '-0', 't', ARGV[1], 'a', ARGV[2], 'd', ARGV[3], 'r', ARGV[5], 'at', ARGV[6])
return n`;

type StreamEntry = [id: string, fields: string[]];

/** The audience of internal events: no session receives them; every node's gateway acts on them. */
const NOBODY: Audience = { kind: 'users', userIds: [] };

export class RedisEventLog implements EventLog {
  private reader: Redis;
  private listeners: ((e: LoggedEvent) => void)[] = [];
  private resetListeners: (() => void)[] = [];
  private lastSeq = 0;
  private closed = false;
  private seqKey: string;
  private streamKey: string;
  private loop: Promise<void> = Promise.resolve();
  /** The Redis server's run id when this node opened or last checked the log: another one is a restart. */
  private runId = '';
  /** Events were lost here (a publish Redis did not take, or the log restarted): a LOG_GAP is owed. */
  private gapOwed = false;
  private gapWriting: Promise<void> | null = null;
  /** The reader lost its connection: before reading on, check that Redis did not restart meanwhile. */
  private interrupted = false;
  /** Fails the read under way (see the constructor). */
  private readerClosed: () => void = () => undefined;
  /** Said once per outage, not once per event. */
  private saidDown = false;

  private constructor(
    private redis: Redis,
    prefix: string,
    private ledger: GapLedger | undefined,
  ) {
    // Nothing queued while disconnected and nothing resent after a reconnect: a read cut off by an
    // outage must fail here, so the log checks whether Redis restarted (its data gone, the numbering
    // begun again) before it reads on.
    this.reader = redis.duplicate({ enableOfflineQueue: false, autoResendUnfulfilledCommands: false });
    this.reader.on('error', () => undefined); // the read loop reports what matters
    // A read under way when the connection closes is not always failed by ioredis (it may never
    // settle): the loop is told here instead.
    this.reader.on('close', () => this.readerClosed());
    this.seqKey = `${prefix}events:seq`;
    this.streamKey = `${prefix}events`;
  }

  /** `ledger` keeps the gaps owed beyond this node's life (gap-ledger.ts); without it, in memory only. */
  static async open(redis: Redis, prefix: string, ledger?: GapLedger): Promise<RedisEventLog> {
    const log = new RedisEventLog(redis, prefix, ledger);
    log.runId = await runIdOf(redis);
    log.lastSeq = await log.topSeq();
    // One owed by a node that stopped before Redis came back (perhaps this node's previous run).
    await log.adoptOwedGap();
    log.loop = log.tail();
    return log;
  }

  async publish(type: string, data: unknown, audience: Audience): Promise<number> {
    // Not waited for while Redis is away (ioredis would hold the command through its reconnects): the
    // change is stored already, and the gap this leaves is marked once Redis answers again.
    if (this.redis.status !== 'ready') return this.lost();
    // Outside the try: an event that cannot be serialised is a bug to report, not an outage.
    const json = JSON.stringify(data);
    const audienceJson = JSON.stringify(audience);
    try {
      if (this.gapOwed) await this.writeGap();
      return await this.append(type, json, audienceJson);
    } catch (err) {
      return this.lost(err);
    }
  }

  reachable(): boolean {
    return this.redis.status === 'ready';
  }

  private async append(type: string, data: string, audience: string): Promise<number> {
    const seq = await this.redis.eval(
      PUBLISH_SCRIPT,
      2,
      this.seqKey,
      this.streamKey,
      type,
      audience,
      data,
      LOG_MIN_EVENTS,
      // Who published it and when, for the log and the delivery lag of every node (empty: no request).
      currentRequestId() ?? '',
      Date.now(),
    );
    return Number(seq);
  }

  /** An event Redis did not take: nobody receives it, and a LOG_GAP is owed. */
  private lost(err?: unknown): number {
    // Noted where it outlives this node, once per outage: if it stops before Redis is back, another
    // node (or its next run) writes the marker.
    if (!this.gapOwed) void this.ledger?.owe().catch(() => undefined);
    this.gapOwed = true;
    if (!this.saidDown) {
      this.saidDown = true;
      const why = err instanceof Error ? err.message : 'not connected';
      console.error(`[events] Redis is not answering (${why}): live events wait for it; sessions start afresh then`);
    }
    return 0;
  }

  /** Appends the LOG_GAP owed, once for however many publishes are waiting on it. */
  private writeGap(): Promise<void> {
    this.gapWriting ??= (async () => {
      // Cleared first: a publish lost while the marker is written owes another one.
      this.gapOwed = false;
      try {
        // Read before the marker is appended: a gap owed after this read is not covered by it.
        const mark = await this.ledger?.owed().catch(() => null);
        await this.append(LOG_GAP, '{}', JSON.stringify(NOBODY));
        if (mark !== null && mark !== undefined) await this.ledger?.settled(mark).catch(() => undefined);
        this.saidDown = false;
        console.error('[events] Redis answers again: live sessions start afresh');
      } catch (err) {
        this.gapOwed = true;
        throw err;
      } finally {
        this.gapWriting = null;
      }
    })();
    return this.gapWriting;
  }

  subscribe(listener: (event: LoggedEvent) => void): void {
    this.listeners.push(listener);
  }

  async readAfter(seq: number): Promise<LoggedEvent[] | null> {
    // Read up to the stream's end, not this node's: a client may resume here with a seq that another
    // node delivered before this node's reader got to it. Events this node dispatches later are
    // skipped by seq, so nothing is sent twice.
    const entries = (await this.redis.xrange(this.streamKey, `${seq + 1}-0`, '+')) as StreamEntry[];
    if (entries.length === 0) return seq <= (await this.topSeq()) ? [] : null;
    if (seqOf(entries[0]![0]) !== seq + 1) return null;
    return entries.map(toEvent);
  }

  private async topSeq(): Promise<number> {
    const last = (await this.redis.xrevrange(this.streamKey, '+', '-', 'COUNT', 1)) as StreamEntry[];
    return last[0] ? seqOf(last[0][0]) : 0;
  }

  head(): number {
    return this.lastSeq;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners = [];
    this.reader.disconnect();
    await this.loop.catch(() => undefined);
  }

  /**
   * Whether the log restarted: Redis itself did (another run id: without persistence its data is gone,
   * and even with it the last writes may be), or the sequence is below what this node has seen.
   */
  private async detectReset(): Promise<boolean> {
    const [runId, top] = await Promise.all([runIdOf(this.reader), this.topSeq()]);
    if (runId === this.runId && top >= this.lastSeq) return false;
    console.error(`[events] the event log restarted (seq ${this.lastSeq} -> ${top}); live sessions start afresh`);
    this.runId = runId;
    this.lastSeq = top;
    // Marked in the log too, so a resume from before the restart is refused wherever it lands.
    this.gapOwed = true;
    for (const l of this.resetListeners) l();
    return true;
  }

  /** Owes the gaps the ledger holds (a database out of reach too: nothing is known, nothing owed). */
  private async adoptOwedGap(): Promise<void> {
    const mark = await this.ledger?.owed().catch(() => null);
    if (mark !== null && mark !== undefined) this.gapOwed = true;
  }

  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  private async tail(): Promise<void> {
    while (!this.closed) {
      let res: [string, StreamEntry[]][] | null;
      try {
        if (this.interrupted) {
          await this.detectReset();
          // Redis is back: a node that lost a publish meanwhile may have stopped since.
          await this.adoptOwedGap();
          this.interrupted = false;
        }
        if (this.gapOwed && this.redis.status === 'ready') await this.writeGap();
        res = await this.read();
      } catch (err) {
        if (this.closed) return;
        if (!this.interrupted) console.error('[events] stream read failed, retrying:', (err as Error).message);
        this.interrupted = true;
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (!res && (await this.detectReset().catch(() => false))) continue;
      for (const [, entries] of res ?? []) {
        // Seqs are consecutive in the stream: a first one further on means this node was away so long
        // (its connection down, the others publishing) that what it missed was trimmed. Its sessions
        // cannot be given those events: they start afresh.
        const first = entries[0] ? seqOf(entries[0][0]) : 0;
        if (first > this.lastSeq + 1) {
          console.error(
            `[events] events ${this.lastSeq + 1} to ${first - 1} are no longer kept; live sessions start afresh`,
          );
          for (const l of this.resetListeners) l();
        }
        for (const entry of entries) {
          this.lastSeq = seqOf(entry[0]);
          // One bad entry or listener must not stop delivery for the whole node.
          try {
            const event = toEvent(entry);
            for (const l of this.listeners) l(event);
          } catch (err) {
            console.error(`[events] event ${entry[0]} could not be dispatched:`, err);
          }
        }
      }
    }
  }

  /** The next entries after this node's last, waiting up to 5 s for some; fails if the connection closes. */
  private read(): Promise<[string, StreamEntry[]][] | null> {
    return new Promise((resolve, reject) => {
      this.readerClosed = () => reject(new Error('the connection to Redis closed'));
      this.reader
        .xread('COUNT', 1000, 'BLOCK', 5000, 'STREAMS', this.streamKey, `${this.lastSeq}-0`)
        .then((res) => resolve(res as [string, StreamEntry[]][] | null), reject);
    });
  }
}

/** The Redis server's run id, new at every start of redis-server. */
async function runIdOf(redis: Redis): Promise<string> {
  return /run_id:(\w+)/.exec(await redis.info('server'))?.[1] ?? '';
}

function seqOf(id: string): number {
  return Number(id.slice(0, id.indexOf('-')));
}

function toEvent([id, fields]: StreamEntry): LoggedEvent {
  const f: Record<string, string> = {};
  for (let i = 0; i < fields.length; i += 2) f[fields[i]!] = fields[i + 1]!;
  const seq = seqOf(id);
  const data = f.d ?? 'null';
  const type = f.t ?? 'unknown';
  return {
    seq,
    type,
    audience: JSON.parse(f.a ?? '{"kind":"users","userIds":[]}') as Audience,
    data,
    frame: buildFrame(type, seq, data),
    reqId: f.r || undefined,
    at: f.at ? Number(f.at) : undefined,
  };
}
