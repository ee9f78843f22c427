import type { Redis } from 'ioredis';
import type { Audience } from './event-log.js';

/** An ephemeral event: who may receive it and its frame, serialised once, with `seq: null`. */
export interface EphemeralEvent {
  type: string;
  audience: Audience;
  frame: string;
}

/**
 * Beside the ordered log, the bus for what is only worth something now (typing indicators): it reaches
 * every node but takes no seq and keeps nothing, so it is never replayed to a resuming session and
 * never fills the replay buffer. At most once: a node that is not listening at that moment misses it.
 */
export interface EphemeralBus {
  publish(type: string, data: unknown, audience: Audience): Promise<void>;
  /** Called on every node for each event published anywhere, the publishing node included. */
  subscribe(listener: (event: EphemeralEvent) => void): void;
  close(): Promise<void>;
}

export function buildEphemeralFrame(type: string, data: unknown): string {
  return `{"type":${JSON.stringify(type)},"seq":null,"data":${JSON.stringify(data)}}`;
}

/** One node: handed to the listeners at once. */
export class MemoryEphemeralBus implements EphemeralBus {
  private listeners: ((e: EphemeralEvent) => void)[] = [];

  publish(type: string, data: unknown, audience: Audience): Promise<void> {
    const event = { type, audience, frame: buildEphemeralFrame(type, data) };
    for (const l of this.listeners) l(event);
    return Promise.resolve();
  }

  subscribe(listener: (event: EphemeralEvent) => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    this.listeners = [];
    return Promise.resolve();
  }
}

/**
 * A cluster: Redis pub/sub on one channel. Pub/sub keeps nothing and gives no order between
 * publishers, which is why the log is a stream; neither matters for what goes here. A subscribed
 * connection can do nothing else, so the bus holds one of its own; the publishing node hears its
 * own events back from Redis like every other node, and delivers them only then.
 */
export class RedisEphemeralBus implements EphemeralBus {
  private listeners: ((e: EphemeralEvent) => void)[] = [];
  private channel: string;

  private constructor(
    private redis: Redis,
    private subscriber: Redis,
    prefix: string,
  ) {
    this.channel = `${prefix}ephemeral`;
  }

  /** `onError` hears the subscriber's connection errors (by default logged; the server counts them as an outage). */
  static async open(
    redis: Redis,
    prefix: string,
    onError: (err: Error) => void = (err) => console.error('[redis] ephemeral subscriber:', err.message),
  ): Promise<RedisEphemeralBus> {
    const bus = new RedisEphemeralBus(redis, redis.duplicate(), prefix);
    // It reconnects and subscribes again by itself; what is published meanwhile is missed, as it may be.
    bus.subscriber.on('error', onError);
    bus.subscriber.on('message', (channel: string, raw: string) => {
      if (channel === bus.channel) bus.dispatch(raw);
    });
    await bus.subscriber.subscribe(bus.channel);
    return bus;
  }

  async publish(type: string, data: unknown, audience: Audience): Promise<void> {
    // At most once: while Redis is away the event is dropped, not held through ioredis's reconnects.
    if (this.redis.status !== 'ready') return;
    // The frame is built once here and travels whole, so no node serialises it again.
    await this.redis
      .publish(this.channel, JSON.stringify({ t: type, a: audience, f: buildEphemeralFrame(type, data) }))
      .catch(() => undefined);
  }

  subscribe(listener: (event: EphemeralEvent) => void): void {
    this.listeners.push(listener);
  }

  close(): Promise<void> {
    this.listeners = [];
    this.subscriber.disconnect();
    return Promise.resolve();
  }

  private dispatch(raw: string): void {
    try {
      const { t, a, f } = JSON.parse(raw) as { t: string; a: Audience; f: string };
      const event = { type: t, audience: a, frame: f };
      for (const l of this.listeners) l(event);
    } catch (err) {
      console.error('[events] an ephemeral event could not be dispatched:', err);
    }
  }
}
