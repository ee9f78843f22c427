import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_EXPIRY_MS } from '@hearth/protocol/constants';
import type { LiveSignal } from '../../lib/live';
import { channelKey, dmKey, TypingStore } from './typing-store';

const frame = (type: string, data: unknown): LiveSignal => ({ kind: 'frame', frame: { type, seq: null, data } });
const typing = (channelId: number, userId: number, username: string, nickname: string | null = null) =>
  frame('typing_start', { channel_id: channelId, user_id: userId, username, nickname });
const dmTyping = (userId: number, username: string) =>
  frame('typing_start', { dm_user_id: userId, user_id: userId, username, nickname: null });
const message = (channelId: number, userId: number) =>
  frame('message', { channel_id: channelId, group_id: 1, user_id: userId, content: 'hi' });

describe('TypingStore', () => {
  let store: TypingStore;
  beforeEach(() => {
    vi.useFakeTimers();
    store = new TypingStore();
  });
  afterEach(() => vi.useRealTimers());

  it('says who is typing: one, two, then several people', () => {
    const here = channelKey(5);
    expect(store.text(here)).toBe('');
    store.onSignal(typing(5, 1, 'alice'));
    expect(store.text(here)).toBe('alice is typing…');
    store.onSignal(typing(5, 2, 'bob', 'Bobby'));
    expect(store.text(here)).toBe('alice and Bobby are typing…');
    store.onSignal(typing(5, 3, 'carol'));
    expect(store.text(here)).toBe('Several people are typing…');
    // Another channel is another conversation.
    expect(store.text(channelKey(6))).toBe('');
  });

  it('forgets a typist 10 s after their last typing_start, and a new one keeps them', () => {
    const here = channelKey(5);
    store.onSignal(typing(5, 1, 'alice'));
    vi.advanceTimersByTime(TYPING_EXPIRY_MS - 2_000);
    store.onSignal(typing(5, 2, 'bob'));
    vi.advanceTimersByTime(1_000);
    store.onSignal(typing(5, 1, 'alice')); // alice still typing: her 10 s start again, her place kept
    vi.advanceTimersByTime(1_001);
    expect(store.text(here)).toBe('alice and bob are typing…');
    vi.advanceTimersByTime(TYPING_EXPIRY_MS - 2_000);
    expect(store.text(here)).toBe('alice is typing…'); // bob's 10 s are over
    vi.advanceTimersByTime(1_000);
    expect(store.text(here)).toBe('');
    expect(store.typists(here)).toHaveLength(0);
  });

  it('drops a typist at once when their message arrives, and only theirs, only there', () => {
    store.onSignal(typing(5, 1, 'alice'));
    store.onSignal(typing(5, 2, 'bob'));
    store.onSignal(typing(6, 1, 'alice'));
    store.onSignal(message(5, 1));
    expect(store.text(channelKey(5))).toBe('bob is typing…');
    expect(store.text(channelKey(6))).toBe('alice is typing…');
  });

  it('keeps a direct message apart, keyed by the other person, and ends it with their direct message', () => {
    store.onSignal(dmTyping(7, 'dave'));
    expect(store.text(dmKey(7))).toBe('dave is typing…');
    expect(store.text(channelKey(7))).toBe('');
    store.onSignal(frame('direct_message', { channel_id: -123, group_id: null, user_id: 7 }));
    expect(store.text(dmKey(7))).toBe('');
  });

  it('forgets everyone when the connection drops, and notifies readers only on change', () => {
    const seen = vi.fn();
    store.subscribe(seen);
    store.onSignal(typing(5, 1, 'alice'));
    const list = store.typists(channelKey(5));
    store.onSignal(message(9, 1)); // nothing to drop: the same list, no notice
    expect(store.typists(channelKey(5))).toBe(list);
    expect(seen).toHaveBeenCalledTimes(1);
    store.onSignal({ kind: 'state', state: 'connecting' });
    expect(store.text(channelKey(5))).toBe('');
    expect(seen).toHaveBeenCalledTimes(2);
  });
});
