import { describe, expect, it } from 'vitest';
import {
  appWindowFor,
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

describe('the tab a tapped notification brings forward', () => {
  const tab = (url: string, focused = false, visibilityState = 'hidden') => ({ url, focused, visibilityState });

  it("is the app's focused tab, else a visible one, else any of the app's", () => {
    const home = tab('https://chat.example/');
    const dm = tab('https://chat.example/dm/4', false, 'visible');
    const focused = tab('https://chat.example/channels/1/2', true, 'visible');
    expect(appWindowFor([home, dm, focused])).toBe(focused);
    expect(appWindowFor([home, dm])).toBe(dm);
    expect(appWindowFor([home])).toBe(home);
  });

  it('passes over tabs of the same origin that are not the app, and finds none when only those are open', () => {
    const picture = tab('https://chat.example/api/attachments/9/photo.jpg', true, 'visible');
    const terms = tab('https://chat.example/legal/terms.html', false, 'visible');
    const app = tab('https://chat.example/friends');
    expect(appWindowFor([picture, terms, app])).toBe(app);
    expect(appWindowFor([picture, terms])).toBeUndefined();
  });
});
