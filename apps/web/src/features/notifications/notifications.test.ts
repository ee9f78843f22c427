import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MentionNotification } from '@hearth/protocol';
import { makeMessage } from '../messages/test-messages';
import { mentionAlerts, popupNeeded, type AlertContext } from './alert-rules';
import { POPUP_DURATIONS, POPUPS_MAX, PopupStore } from './popup-store';
import { tonesFor, VOLUMES } from './sounds';

afterEach(() => vi.useRealTimers());

describe('notification popups', () => {
  it('close after the spec’s time for their kind', () => {
    vi.useFakeTimers();
    const store = new PopupStore();
    store.show({ kind: 'mention', title: 'm', text: 'x' });
    store.show({ kind: 'everyone', title: 'e', text: 'x' });
    store.show({ kind: 'admin_announcement', title: 'a', text: 'x' });
    vi.advanceTimersByTime(POPUP_DURATIONS.mention);
    expect(store.getSnapshot().map((p) => p.title)).toEqual(['e', 'a']);
    vi.advanceTimersByTime(POPUP_DURATIONS.everyone - POPUP_DURATIONS.mention);
    expect(store.getSnapshot().map((p) => p.title)).toEqual(['a']);
    vi.advanceTimersByTime(POPUP_DURATIONS.admin_announcement);
    expect(store.getSnapshot()).toEqual([]);
    expect(POPUP_DURATIONS).toMatchObject({ mention: 5000, everyone: 10000, admin_announcement: 15000 });
  });

  it('keep only the newest few', () => {
    const store = new PopupStore();
    for (let i = 0; i < POPUPS_MAX + 2; i++) store.show({ kind: 'mention', title: String(i), text: 'x' });
    expect(store.getSnapshot().map((p) => p.title)).toEqual(['2', '3', '4', '5']);
  });
});

describe('which mentions alert', () => {
  const event = (over: Partial<MentionNotification['message']> = {}): MentionNotification => ({
    type: 'mention',
    channel_name: 'general',
    message: { ...makeMessage(1, { user_id: 8, channel_id: 3, group_id: 2 }), ...over },
  });
  const ctx = (over: Partial<AlertContext> = {}): AlertContext => ({
    me: 5,
    prefs: { channel_preferences: [], group_preferences: [] },
    accountEnabled: true,
    localEnabled: true,
    watching: null,
    ...over,
  });

  it('alerts for someone else’s mention with notifications on', () => {
    expect(mentionAlerts(event(), ctx())).toBe(true);
    expect(mentionAlerts(event(), ctx({ accountEnabled: undefined }))).toBe(true);
  });

  it('stays quiet for one’s own message, notifications off, or a muted channel or group', () => {
    expect(mentionAlerts(event({ user_id: 5 }), ctx())).toBe(false);
    expect(mentionAlerts(event(), ctx({ accountEnabled: false }))).toBe(false);
    expect(mentionAlerts(event(), ctx({ localEnabled: false }))).toBe(false);
    const channelMuted = { channel_preferences: [{ channel_id: 3, is_muted: true }], group_preferences: [] };
    expect(mentionAlerts(event(), ctx({ prefs: channelMuted }))).toBe(false);
    const groupMuted = { channel_preferences: [], group_preferences: [{ group_id: 2, is_muted: true }] };
    expect(mentionAlerts(event(), ctx({ prefs: groupMuted }))).toBe(false);
  });

  it('shows no popup over the very channel being read', () => {
    expect(popupNeeded(event(), ctx({ watching: 3 }))).toBe(false);
    expect(popupNeeded(event(), ctx({ watching: 4 }))).toBe(true);
  });
});

describe('sounds', () => {
  it('play at the spec’s volumes, the bell at 0.3', () => {
    expect(VOLUMES).toMatchObject({ mention: 0.3, everyone: 0.5 });
    expect(Math.max(...tonesFor('default', 'mention').map((t) => t.gain))).toBe(0.3);
    expect(Math.max(...tonesFor('default', 'everyone').map((t) => t.gain))).toBe(0.5);
    expect(Math.max(...tonesFor('bell', 'everyone').map((t) => t.gain))).toBe(0.3);
    expect(tonesFor('beeps', 'mention')).toHaveLength(2);
  });
});
