import { describe, expect, it } from 'vitest';
import type { ChannelReadStatus } from '@hearth/protocol';
import { makeMessage } from '../messages/test-messages';
import { countMessage, groupStatus, markRead, putStatus } from './read-cache';

const status = (channel_id: number, group_id: number, extra: Partial<ChannelReadStatus> = {}): ChannelReadStatus => ({
  channel_id,
  group_id,
  unread_mentions: 0,
  has_unread: false,
  last_read_message_id: 10,
  last_read_at: null,
  ...extra,
});

const list = [status(1, 1, { unread_mentions: 2, has_unread: true }), status(2, 1), status(3, 2, { has_unread: true })];

describe('read-cache', () => {
  it('sums a group from its channels', () => {
    expect(groupStatus(list, 1)).toEqual({ group_id: 1, total_unread_mentions: 2, has_unread_messages: true });
    expect(groupStatus(list, 2)).toEqual({ group_id: 2, total_unread_mentions: 0, has_unread_messages: true });
    expect(groupStatus(undefined, 9)).toEqual({ group_id: 9, total_unread_mentions: 0, has_unread_messages: false });
  });

  it('counts a message as unread, and as a mention when it names the reader or everyone', () => {
    const named = makeMessage(11, { channel_id: 2, mentioned_users: [{ id: 7, username: 'alice' }] });
    expect(countMessage(list, named, 7)?.[1]).toMatchObject({ has_unread: true, unread_mentions: 1 });
    expect(countMessage(list, named, 8)?.[1]).toMatchObject({ has_unread: true, unread_mentions: 0 });
    const everyone = makeMessage(12, { channel_id: 1, mentions_everyone: true });
    expect(countMessage(list, everyone, 8)?.[0]).toMatchObject({ unread_mentions: 3 });
  });

  it('marks read without moving the mark back, and takes the server’s status in place', () => {
    const marked = markRead(list, new Set([1, 3]), 5);
    expect(marked?.[0]).toMatchObject({ has_unread: false, unread_mentions: 0, last_read_message_id: 10 });
    expect(markRead(list, new Set([1]), 40)?.[0]?.last_read_message_id).toBe(40);
    expect(markRead(list, new Set([1]), null)?.[0]?.last_read_message_id).toBe(10);
    expect(putStatus(list, status(2, 1, { has_unread: true }))?.[1]?.has_unread).toBe(true);
    expect(putStatus(list, status(4, 2))).toHaveLength(4);
  });
});
