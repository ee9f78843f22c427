import { describe, expect, it } from 'vitest';
import { conversationIdOf } from '@hearth/protocol/conversation-id';
import { pinKeys, pinsPath, placeOf, placeOfUpdate, windowIdOf } from './pin-place';
import { canManagePins, canPin } from './can-pin';
import { applyPinUpdate } from './pin-events';
import { makeMessage } from '../messages/test-messages';

describe('pin places', () => {
  it('names a channel by its id and a conversation by the other participant, from either side', () => {
    expect(placeOf(12, 7)).toEqual({ kind: 'channel', channelId: 12 });
    const conversation = conversationIdOf(7, 30)!;
    expect(placeOf(conversation, 7)).toEqual({ kind: 'dm', userId: 30 });
    expect(placeOf(conversation, 30)).toEqual({ kind: 'dm', userId: 7 });
    expect(placeOf(conversation, 8)).toBeNull();
    expect(windowIdOf({ kind: 'dm', userId: 30 }, 7)).toBe(conversation);
    expect(windowIdOf({ kind: 'channel', channelId: 12 }, 7)).toBe(12);
  });

  it('gives the REST paths and cache keys of both places', () => {
    expect(pinsPath({ kind: 'channel', channelId: 12 })).toBe('/channel/12/pins');
    expect(pinsPath({ kind: 'dm', userId: 30 }, 5)).toBe('/dm/30/pins/5');
    expect(pinKeys.place({ kind: 'dm', userId: 30 })).toEqual(['pins', 'dm', 30]);
    expect(placeOfUpdate({ dm_user_id: 30, message_id: 5, pinned: true, pinned_by: 7 })).toEqual({
      kind: 'dm',
      userId: 30,
    });
    expect(placeOfUpdate({ channel_id: 12, message_id: 5, pinned: false, pinned_by: null })).toEqual({
      kind: 'channel',
      channelId: 12,
    });
  });
});

describe('who may pin', () => {
  const admin = { id: 1, role: 'ADMIN', is_admin: true } as const;
  const member = { id: 2, role: 'USER', is_admin: false } as const;

  it('admins in a channel, either participant in a direct message; never a system line', () => {
    expect(canPin(makeMessage(5), admin)).toBe(true);
    expect(canPin(makeMessage(5), member)).toBe(false);
    expect(canPin(makeMessage(5, { channel_id: conversationIdOf(2, 3)! }), member)).toBe(true);
    expect(canPin(makeMessage(5, { message_type: 'system' }), admin)).toBe(false);
    expect(canPin(makeMessage(5), null)).toBe(false);
    expect(canManagePins(true, member)).toBe(false);
    expect(canManagePins(false, member)).toBe(true);
  });
});

describe('applyPinUpdate', () => {
  it('sets pinned on the message it names, and leaves the list alone otherwise', () => {
    const list = [makeMessage(1), makeMessage(2)];
    const pinned = applyPinUpdate(list, { channel_id: 1, message_id: 2, pinned: true, pinned_by: 9 });
    expect(pinned.map((m) => m.pinned)).toEqual([false, true]);
    expect(pinned[0]).toBe(list[0]);
    expect(applyPinUpdate(pinned, { channel_id: 1, message_id: 2, pinned: true, pinned_by: 9 })).toBe(pinned);
    expect(applyPinUpdate(list, { channel_id: 1, message_id: 3, pinned: true, pinned_by: 9 })).toBe(list);
  });
});
