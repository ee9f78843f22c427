import { describe, expect, it } from 'vitest';
import { makeMessage } from '../messages/test-messages';
import { outgoingReply, REPLY_MENTION_KEY, ReplyDrafts, ReplyMentionPref } from './reply-draft';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('ReplyDrafts', () => {
  it('holds one reply per place, named as the message shows its author', () => {
    const drafts = new ReplyDrafts();
    let changes = 0;
    drafts.subscribe(() => changes++);
    drafts.start(makeMessage(5, { channel_id: 1, user_id: 8, username: 'bob', nickname: 'Bobby' }));
    drafts.start(makeMessage(9, { channel_id: -42, user_id: 3, username: 'carol' }));
    expect(drafts.get(1)).toEqual({ messageId: 5, authorId: 8, name: 'Bobby' });
    expect(drafts.get(-42)).toEqual({ messageId: 9, authorId: 3, name: 'carol' });
    // A second Reply in the same place moves the reply to that message.
    drafts.start(makeMessage(6, { channel_id: 1, username: 'alice' }));
    expect(drafts.get(1)?.messageId).toBe(6);
    drafts.cancel(1);
    expect(drafts.get(1)).toBeNull();
    expect(drafts.get(-42)).not.toBeNull();
    drafts.clear();
    expect(drafts.get(-42)).toBeNull();
    expect(changes).toBe(5);
  });
});

describe('ReplyMentionPref', () => {
  it('is on by default and remembers the choice in the browser', () => {
    const storage = memoryStorage();
    const pref = new ReplyMentionPref(storage);
    expect(pref.get()).toBe(true);
    pref.set(false);
    expect(storage.data.get(REPLY_MENTION_KEY)).toBe('false');
    expect(new ReplyMentionPref(storage).get()).toBe(false);
    new ReplyMentionPref(storage).set(true);
    expect(new ReplyMentionPref(storage).get()).toBe(true);
  });

  it('works without storage', () => {
    const pref = new ReplyMentionPref(null);
    pref.set(false);
    expect(pref.get()).toBe(false);
  });
});

describe('outgoingReply', () => {
  it("is what a send of the place carries: the message and the switch's state", () => {
    const drafts = new ReplyDrafts();
    const pref = new ReplyMentionPref(memoryStorage({ [REPLY_MENTION_KEY]: 'false' }));
    expect(outgoingReply(1, drafts, pref)).toBeNull();
    drafts.start(makeMessage(5, { channel_id: 1 }));
    expect(outgoingReply(1, drafts, pref)).toEqual({ id: 5, mention: false });
    expect(outgoingReply(2, drafts, pref)).toBeNull();
  });
});
