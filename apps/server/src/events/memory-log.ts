import { RESUME_WINDOW_MS } from '@hearth/protocol';
import {
  buildFrame,
  LOG_MAX_EVENTS,
  LOG_MIN_EVENTS,
  type Audience,
  type EventLog,
  type LoggedEvent,
} from './event-log.js';
import { currentRequestId } from '../logging/request-id.js';

interface Kept {
  event: LoggedEvent;
  at: number;
}

/** Single-node event log: a ring of recent events in memory, dispatched synchronously. */
export class MemoryEventLog implements EventLog {
  private seq = 0;
  private kept: Kept[] = [];
  private start = 0; // index of the oldest kept event in `kept`
  private listeners: ((e: LoggedEvent) => void)[] = [];

  publish(type: string, data: unknown, audience: Audience): Promise<number> {
    const seq = ++this.seq;
    const json = JSON.stringify(data);
    const at = Date.now();
    const frame = buildFrame(type, seq, json);
    const event: LoggedEvent = { seq, type, audience, data: json, frame, reqId: currentRequestId(), at };
    this.kept.push({ event, at });
    this.trim();
    for (const l of this.listeners) l(event);
    return Promise.resolve(seq);
  }

  subscribe(listener: (event: LoggedEvent) => void): void {
    this.listeners.push(listener);
  }

  readAfter(seq: number): Promise<LoggedEvent[] | null> {
    if (seq > this.seq) return Promise.resolve(null);
    if (seq === this.seq) return Promise.resolve([]);
    const oldest = this.kept[this.start]?.event.seq ?? this.seq + 1;
    if (seq + 1 < oldest) return Promise.resolve(null);
    const from = this.start + (seq + 1 - oldest);
    return Promise.resolve(this.kept.slice(from).map((k) => k.event));
  }

  head(): number {
    return this.seq;
  }

  reachable(): boolean {
    return true;
  }

  close(): Promise<void> {
    this.listeners = [];
    return Promise.resolve();
  }

  private trim() {
    const now = Date.now();
    const count = () => this.kept.length - this.start;
    while (
      count() > LOG_MAX_EVENTS ||
      (count() > LOG_MIN_EVENTS && now - this.kept[this.start]!.at > RESUME_WINDOW_MS)
    ) {
      this.start++;
    }
    // Compact occasionally so the array does not grow without bound.
    if (this.start > 10_000 && this.start > this.kept.length / 2) {
      this.kept = this.kept.slice(this.start);
      this.start = 0;
    }
  }
}
