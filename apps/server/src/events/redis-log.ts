import type { Redis } from 'ioredis';
import { buildFrame, LOG_MIN_EVENTS, type Audience, type EventLog, type LoggedEvent } from './event-log.js';
import { currentRequestId } from '../logging/request-id.js';

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

export class RedisEventLog implements EventLog {
  private reader: Redis;
  private listeners: ((e: LoggedEvent) => void)[] = [];
  private resetListeners: (() => void)[] = [];
  private lastSeq = 0;
  private closed = false;
  private seqKey: string;
  private streamKey: string;
  private loop: Promise<void> = Promise.resolve();

  private constructor(
    private redis: Redis,
    prefix: string,
  ) {
    this.reader = redis.duplicate();
    this.seqKey = `${prefix}events:seq`;
    this.streamKey = `${prefix}events`;
  }

  static async open(redis: Redis, prefix: string): Promise<RedisEventLog> {
    const log = new RedisEventLog(redis, prefix);
    log.lastSeq = await log.topSeq();
    log.loop = log.tail();
    return log;
  }

  async publish(type: string, data: unknown, audience: Audience): Promise<number> {
    const seq = await this.redis.eval(
      PUBLISH_SCRIPT,
      2,
      this.seqKey,
      this.streamKey,
      type,
      JSON.stringify(audience),
      JSON.stringify(data),
      LOG_MIN_EVENTS,
      // Who published it and when, for the log and the delivery lag of every node (empty: no request).
      currentRequestId() ?? '',
      Date.now(),
    );
    return Number(seq);
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
   * Redis lost its data (a restart without persistence): the sequence starts again below what this
   * node has seen. Follow it from its new end and tell the listeners, whose sessions hold old seqs.
   */
  private async detectReset(): Promise<boolean> {
    const top = await this.topSeq().catch(() => this.lastSeq);
    if (top >= this.lastSeq) return false;
    console.error(`[events] the event stream restarted (seq ${this.lastSeq} -> ${top}); live sessions restart`);
    this.lastSeq = top;
    for (const l of this.resetListeners) l();
    return true;
  }

  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  private async tail(): Promise<void> {
    while (!this.closed) {
      let res: [string, StreamEntry[]][] | null;
      try {
        res = (await this.reader.xread(
          'COUNT',
          1000,
          'BLOCK',
          5000,
          'STREAMS',
          this.streamKey,
          `${this.lastSeq}-0`,
        )) as [string, StreamEntry[]][] | null;
      } catch (err) {
        if (this.closed) return;
        console.error('[events] stream read failed, retrying:', (err as Error).message);
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (!res && (await this.detectReset())) continue;
      for (const [, entries] of res ?? []) {
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
