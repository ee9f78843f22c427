import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_BADGE,
  NOTIFICATION_ICON,
  notificationFromPush,
  notificationUrl,
  pushData,
  pushTarget,
} from './push';

const target = (data: unknown) => pushTarget(pushData(data));

describe('where a tapped push notification leads', () => {
  it('friends go home, a channel to its address, a conversation to the user’s', () => {
    expect(notificationUrl(target({ type: 'friends' }))).toBe('/');
    expect(notificationUrl(target({ type: 'channel', channelId: 42, groupId: 3 }))).toBe('/channels/3/42');
    expect(notificationUrl(target({ type: 'dm', userId: 7 }))).toBe('/dm/7');
  });

  it('anything without a whole place, or not ours, opens the app at home and navigates nowhere', () => {
    for (const data of [
      { type: 'test' },
      { type: 'channel', channelId: 42 },
      { type: 'channel', groupId: 3 },
      { type: 'dm' },
      { type: 'dm', userId: '7' },
      { type: 'dm', userId: -1 },
      { type: 'dm', userId: 1.5 },
      { type: 'somewhere' },
      null,
      'dm',
    ]) {
      expect(target(data), JSON.stringify(data)).toBeNull();
      expect(notificationUrl(target(data)), JSON.stringify(data)).toBe('/');
    }
  });

  it('gives the page the shape its push:navigate event handler reads', () => {
    expect(target({ type: 'channel', channelId: 42, groupId: 3, userId: 9, extra: 'x' })).toEqual({
      type: 'channel',
      channelId: 42,
      groupId: 3,
    });
    expect(target({ type: 'dm', userId: 7 })).toEqual({ type: 'dm', userId: 7 });
    expect(target({ type: 'friends', userId: 7 })).toEqual({ type: 'friends' });
  });
});

describe('the notification a push shows', () => {
  it("shows the server's title, body and tag with the app's icon, keeping where it leads", () => {
    const payload = {
      title: 'alice',
      body: 'Hello there',
      tag: 'dm-7',
      data: { type: 'dm', userId: 7 },
    };
    expect(notificationFromPush(JSON.stringify(payload))).toEqual({
      title: 'alice',
      options: {
        body: 'Hello there',
        tag: 'dm-7',
        icon: NOTIFICATION_ICON,
        badge: NOTIFICATION_BADGE,
        data: { type: 'dm', userId: 7 },
      },
    });
  });

  it('always shows something, whatever arrives', () => {
    expect(notificationFromPush(null)).toMatchObject({ title: 'Hearth', options: { body: '', data: null } });
    expect(notificationFromPush('not json')).toMatchObject({ title: 'Hearth', options: { body: 'not json' } });
    const odd = notificationFromPush(JSON.stringify({ title: '  ', body: 3, tag: '', data: { type: 'x' } }));
    expect(odd).toMatchObject({ title: 'Hearth', options: { body: '', data: null } });
    expect(odd.options.tag).toBeUndefined();
  });
});
