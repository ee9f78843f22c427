import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSignal } from './live';
import { CONNECTION_LOST, NO_ANSWER, Outbox, SEND_TIMEOUT_MS } from './outbox';

/** Stands in for the live connection: records sends, refuses them while closed, and emits signals. */
function fakeLive() {
  const listeners = new Set<(signal: LiveSignal) => void>();
  const live = {
    open: true,
    sent: [] as Record<string, unknown>[],
    send(frame: Record<string, unknown>) {
      if (!live.open) return false;
      live.sent.push(frame);
      return true;
    },
    subscribe(listener: (signal: LiveSignal) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(signal: LiveSignal) {
      listeners.forEach((l) => l(signal));
    },
    frame(type: string, data: unknown) {
      live.emit({ kind: 'frame', frame: { type, seq: null, data } });
    },
  };
  return live;
}

let live: ReturnType<typeof fakeLive>;
let outbox: Outbox;
const now = new Date('2025-03-01T12:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers();
  live = fakeLive();
  outbox = new Outbox(live, () => now);
});
afterEach(() => vi.useRealTimers());

const only = () => {
  expect(outbox.getSnapshot()).toHaveLength(1);
  return outbox.getSnapshot()[0]!;
};

describe('Outbox', () => {
  it('sends with a nonce and keeps the message as sending until its own event arrives', () => {
    expect(outbox.send(3, 'hello')).toBe(true);
    const entry = only();
    expect(live.sent).toEqual([{ type: 'message', channel_id: 3, content: 'hello', nonce: entry.nonce }]);
    expect(entry).toMatchObject({ channelId: 3, content: 'hello', status: 'sending', error: null });
    expect(entry.createdAt).toBe(now.toISOString());

    live.frame('message', { id: 1, channel_id: 3, content: 'hello', nonce: 'someone-else' });
    expect(only().status).toBe('sending');
    live.frame('message', { id: 2, channel_id: 3, content: 'hello', nonce: entry.nonce });
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('keeps nothing when the connection is not open', () => {
    live.open = false;
    expect(outbox.send(3, 'hello')).toBe(false);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('fails with the server reason when the send is refused', () => {
    outbox.send(3, 'too fast');
    live.frame('error', { detail: 'Too many requests. Please try again later.', nonce: only().nonce });
    expect(only()).toMatchObject({ status: 'failed', error: 'Too many requests. Please try again later.' });
  });

  it('fails every waiting send when the connection drops, and a replayed event still confirms one', () => {
    outbox.send(3, 'first');
    outbox.send(4, 'second');
    live.emit({ kind: 'state', state: 'closed' });
    expect(outbox.getSnapshot().map((e) => [e.content, e.status, e.error])).toEqual([
      ['first', 'failed', CONNECTION_LOST],
      ['second', 'failed', CONNECTION_LOST],
    ]);
    // The resumed session replays what the server did get.
    live.frame('message', { id: 9, channel_id: 3, content: 'first', nonce: outbox.getSnapshot()[0]!.nonce });
    expect(only().content).toBe('second');
  });

  it('retries with the same nonce, only while connected', () => {
    outbox.send(3, 'again');
    const { nonce } = only();
    live.emit({ kind: 'state', state: 'closed' });
    live.open = false;
    expect(outbox.retry(nonce)).toBe(false);
    expect(only().status).toBe('failed');

    live.open = true;
    expect(outbox.retry(nonce)).toBe(true);
    expect(only()).toMatchObject({ status: 'sending', error: null });
    expect(live.sent.map((f) => f.nonce)).toEqual([nonce, nonce]);
  });

  it('fails a send that gets no answer at all', () => {
    outbox.send(3, 'into the void');
    vi.advanceTimersByTime(SEND_TIMEOUT_MS - 1);
    expect(only().status).toBe('sending');
    vi.advanceTimersByTime(1);
    expect(only()).toMatchObject({ status: 'failed', error: NO_ANSWER });
  });

  it('forgets a failed message on discard, and sent ones once the history holds them', () => {
    outbox.send(3, 'drop me');
    outbox.send(3, 'landed');
    const [dropped, landed] = outbox.getSnapshot();
    live.emit({ kind: 'state', state: 'closed' });
    outbox.discard(dropped!.nonce);
    expect(only().content).toBe('landed');
    outbox.settle([{ nonce: null }, { nonce: landed!.nonce }]);
    expect(outbox.getSnapshot()).toEqual([]);
  });

  it('tells subscribers about each change and keeps the snapshot stable in between', () => {
    const listener = vi.fn();
    outbox.subscribe(listener);
    const before = outbox.getSnapshot();
    expect(outbox.getSnapshot()).toBe(before);
    outbox.send(3, 'hi');
    expect(listener).toHaveBeenCalledTimes(1);
    outbox.settle([]);
    expect(listener).toHaveBeenCalledTimes(1);
    outbox.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(outbox.getSnapshot()).toEqual([]);
  });
});
