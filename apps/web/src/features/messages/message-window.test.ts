import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@hearth/protocol';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';
import { FIRST_ITEM_INDEX, INITIAL_LOAD_EVENT, MessageWindow, type MessageWindowDeps } from './message-window';
import { reaction } from '../../test/factories';
import { deferred, fakeHistory, fakeLive, makeMessage } from './test-messages';

const ids = (w: MessageWindow) => w.getSnapshot().messages.map((m) => m.id);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

async function open(count: number, deps: Partial<MessageWindowDeps> = {}) {
  const history = fakeHistory(count);
  const live = fakeLive();
  const win = new MessageWindow(1, {
    fetchPage: history.fetchPage,
    subscribeLive: live.subscribe,
    onNewestLoaded: () => undefined,
    ...deps,
  });
  win.start();
  await vi.waitFor(() => expect(win.getSnapshot().status).toBe('ready'));
  return { win, live, history };
}

describe('MessageWindow loading', () => {
  it('loads the newest 30 first; older exist when the page came back full', async () => {
    const { win, history } = await open(200);
    expect(history.queries).toEqual([{ channelId: 1, limit: 30 }]);
    expect(ids(win)).toEqual(range(171, 200));
    expect(win.getSnapshot()).toMatchObject({ hasOlder: true, hasNewer: false, firstItemIndex: FIRST_ITEM_INDEX });
  });

  it('knows there is nothing older when the first page is short', async () => {
    const { win } = await open(12);
    expect(ids(win)).toEqual(range(1, 12));
    expect(win.getSnapshot().hasOlder).toBe(false);
  });

  it('emits virtual_messages:initial_load with the channel and messages after the initial load', async () => {
    const seen: unknown[] = [];
    const listener = (e: Event) => seen.push((e as CustomEvent).detail);
    window.addEventListener(INITIAL_LOAD_EVENT, listener);
    try {
      const { win } = await open(3, { onNewestLoaded: undefined });
      expect(seen).toEqual([{ channel_id: 1, messages: win.getSnapshot().messages }]);
    } finally {
      window.removeEventListener(INITIAL_LOAD_EVENT, listener);
    }
  });

  it('loads older before the first id and prepends them, moving the first item index back', async () => {
    const { win, history } = await open(200);
    await win.loadOlder();
    expect(history.queries.at(-1)).toEqual({ channelId: 1, limit: 30, before: 171 });
    expect(ids(win)).toEqual(range(141, 200));
    expect(win.getSnapshot().firstItemIndex).toBe(FIRST_ITEM_INDEX - 30);
    expect(win.getSnapshot().hasOlder).toBe(true);
  });

  it('stops asking for older once a page comes back short', async () => {
    const { win, history } = await open(40);
    await win.loadOlder();
    expect(ids(win)).toEqual(range(1, 40));
    expect(win.getSnapshot().hasOlder).toBe(false);
    const asked = history.queries.length;
    await win.loadOlder();
    expect(history.queries.length).toBe(asked);
  });

  it('caps the window at 100, trimming the newest end when loading older', async () => {
    const { win } = await open(500);
    for (let i = 0; i < 3; i++) await win.loadOlder();
    expect(ids(win)).toEqual(range(381, 480));
    expect(win.getSnapshot()).toMatchObject({ hasOlder: true, hasNewer: true, firstItemIndex: FIRST_ITEM_INDEX - 90 });
  });

  it('loads newer after the last id, trimming the oldest end and moving the first item index on', async () => {
    const { win, history } = await open(500);
    for (let i = 0; i < 4; i++) await win.loadOlder();
    expect(ids(win)).toEqual(range(351, 450));
    await win.loadNewer();
    expect(history.queries.at(-1)).toEqual({ channelId: 1, limit: 30, after: 450 });
    expect(ids(win)).toEqual(range(381, 480));
    expect(win.getSnapshot()).toMatchObject({ hasOlder: true, hasNewer: true, firstItemIndex: FIRST_ITEM_INDEX - 90 });
    await win.loadNewer();
    expect(ids(win)).toEqual(range(401, 500));
    expect(win.getSnapshot()).toMatchObject({ hasNewer: false, firstItemIndex: FIRST_ITEM_INDEX - 70 });
  });

  it('does not ask for newer while at the newest end', async () => {
    const { win, history } = await open(200);
    await win.loadNewer();
    expect(history.queries).toHaveLength(1);
  });

  it('runs one load per direction at a time', async () => {
    const { win, history } = await open(200);
    await Promise.all([win.loadOlder(), win.loadOlder()]);
    expect(history.queries).toHaveLength(2);
    expect(ids(win)).toEqual(range(141, 200));
  });

  it('fails silently: an empty list the first time, the same view later', async () => {
    const history = fakeHistory(200);
    let fail = true;
    const { win } = await open(0, {
      fetchPage: (q) => (fail ? Promise.reject(new Error('down')) : history.fetchPage(q)),
    });
    expect(win.getSnapshot().messages).toEqual([]);
    fail = false;
    await win.loadNewest();
    fail = true;
    await win.loadOlder();
    expect(ids(win)).toEqual(range(171, 200));
    expect(win.getSnapshot().loadingOlder).toBe(false);
  });

  it('drops answers that arrive after stop()', async () => {
    const page = deferred<Message[]>();
    const live = fakeLive();
    const win = new MessageWindow(1, {
      fetchPage: () => page.promise,
      subscribeLive: live.subscribe,
      onNewestLoaded: () => undefined,
    });
    win.start();
    win.stop();
    expect(live.size).toBe(0);
    page.resolve([makeMessage(1)]);
    await page.promise;
    expect(win.getSnapshot().messages).toEqual([]);
  });
});

describe('MessageWindow live events', () => {
  it('appends a new message at the newest end and records it as the latest live one', async () => {
    const { win, live } = await open(5);
    const message = makeMessage(6);
    live.event('message', message);
    expect(ids(win)).toEqual(range(1, 6));
    expect(win.getSnapshot().latestLive).toEqual(message);
  });

  it('de-duplicates by id and keeps timestamp order', async () => {
    const { win, live } = await open(5);
    live.event('message', makeMessage(8));
    live.event('message', makeMessage(7));
    live.event('message', makeMessage(8));
    expect(ids(win)).toEqual([1, 2, 3, 4, 5, 7, 8]);
    // A message whose clock is earlier sorts by timestamp, not id.
    live.event('message', makeMessage(9, { timestamp: makeMessage(3).timestamp.replace(':00.000', ':30.000') }));
    expect(ids(win)).toEqual([1, 2, 3, 9, 4, 5, 7, 8]);
  });

  it('only marks that newer exist when the window does not reach the newest message', async () => {
    const { win, live } = await open(500);
    for (let i = 0; i < 3; i++) await win.loadOlder();
    const before = ids(win);
    live.event('message', makeMessage(501));
    expect(ids(win)).toEqual(before);
    expect(win.getSnapshot()).toMatchObject({ hasNewer: true, latestLive: { id: 501 } });
  });

  it('trims the oldest end when a live message overflows the cap', async () => {
    const { win, live } = await open(100);
    for (let i = 0; i < 3; i++) await win.loadOlder();
    expect(ids(win)).toEqual(range(1, 100));
    live.event('message', makeMessage(101));
    expect(ids(win)).toEqual(range(2, 101));
    expect(win.getSnapshot()).toMatchObject({ hasOlder: true, firstItemIndex: FIRST_ITEM_INDEX - 70 + 1 });
  });

  it('ignores events of other channels', async () => {
    const { win, live } = await open(5);
    const before = win.getSnapshot();
    live.event('message', makeMessage(6, { channel_id: 2 }));
    live.event('message_updated', makeMessage(3, { channel_id: 2, content: 'changed' }));
    live.event('message_admin_delete', makeMessage(4, { channel_id: 2, content: MESSAGE_REMOVED_BY_ADMIN }));
    live.event('message_delete', { id: 5, channel_id: 2, group_id: 1 });
    expect(win.getSnapshot()).toBe(before);
  });

  it('applies edits, deletes and admin deletes of the current channel by id', async () => {
    const { win, live } = await open(5);
    live.event('message_updated', makeMessage(2, { content: 'fixed', edited_at: '2025-03-02T00:00:00.000Z' }));
    live.event('message_delete', { id: 3, channel_id: 1, group_id: 1 });
    live.event('message_admin_delete', makeMessage(4, { content: MESSAGE_REMOVED_BY_ADMIN }));
    const byId = new Map(win.getSnapshot().messages.map((m) => [m.id, m]));
    expect([...byId.keys()]).toEqual([1, 2, 4, 5]);
    expect(byId.get(2)).toMatchObject({ content: 'fixed', edited_at: '2025-03-02T00:00:00.000Z' });
    expect(byId.get(4)!.content).toBe(MESSAGE_REMOVED_BY_ADMIN);
  });

  it('lets live data override content, edit time, reactions and the author profile', async () => {
    const { win, live } = await open(2);
    const reactions = [reaction(1, '👍', { message_id: 2 })];
    live.event(
      'message',
      makeMessage(2, {
        content: 'new text',
        edited_at: '2025-03-02T00:00:00.000Z',
        reactions,
        nickname: 'Ali',
        profile_image_url: '/a.png',
        role: 'MODERATOR',
        timestamp: '2030-01-01T00:00:00.000Z',
      }),
    );
    expect(win.getSnapshot().messages[1]).toMatchObject({
      content: 'new text',
      edited_at: '2025-03-02T00:00:00.000Z',
      reactions,
      nickname: 'Ali',
      profile_image_url: '/a.png',
      role: 'MODERATOR',
      timestamp: makeMessage(2).timestamp,
    });
  });

  it("shows an author's new name, badge and picture on their loaded messages, and 'Deleted User' when they go", async () => {
    const { win, live } = await open(2);
    live.event(
      'message',
      makeMessage(3, { user_id: 8, username: 'bob', mentioned_users: [{ id: 7, username: 'alice' }] }),
    );
    const bobs = win.getSnapshot().messages[2];
    const face = {
      username: 'alicia',
      role: 'ADMIN',
      nickname: 'Ali',
      pronouns: 'she/her',
      pronouns_bg_color: '#112233',
      pronouns_text_color: '#ffffff',
      profile_image_url: '/new.webp',
      profile_blur_enabled: false,
    } as const;
    live.event('user_update', { user_id: 7, ...face });
    const [first, second, third] = win.getSnapshot().messages;
    expect(first).toMatchObject({ id: 1, user_id: 7, ...face });
    expect(second).toMatchObject({ id: 2, user_id: 7, ...face });
    // Someone else's message is the same object, and a mention keeps the name it was written with.
    expect(third).toBe(bobs);
    expect(third!.mentioned_users).toEqual([{ id: 7, username: 'alice' }]);

    const before = win.getSnapshot();
    live.event('user_update', { user_id: 99, ...face });
    expect(win.getSnapshot()).toBe(before);
    live.event('user_update', { ...face, user_id: 8, username: 'Deleted User', role: 'USER', nickname: null });
    expect(win.getSnapshot().messages[2]).toMatchObject({ username: 'Deleted User', nickname: null });
  });

  it('renames and drops the reactions of a changed custom emoji in every message, whatever its channel', async () => {
    const { win, live } = await open(3);
    const custom = (id: number, message_id: number, user_id: number) =>
      reaction(id, '', {
        message_id,
        user_id,
        emoji_id: 40,
        emoji_unicode: null,
        emoji_name: 'old',
        emoji_url: '/e.webp',
      });
    live.event('reaction_add', custom(1, 1, 7));
    live.event('reaction_add', custom(2, 3, 8));
    live.event('reaction_add', reaction(3, '👍', { message_id: 3 }));
    const untouched = win.getSnapshot().messages[1];
    live.event('custom_emoji_update', { id: 40, name: 'new', url: '/e.webp' });
    const names = () => win.getSnapshot().messages.map((m) => m.reactions.map((r) => r.emoji_name ?? r.emoji_unicode));
    expect(names()).toEqual([['new'], [], ['new', '👍']]);
    expect(win.getSnapshot().messages[1]).toBe(untouched);
    live.event('custom_emoji_delete', { id: 40 });
    expect(names()).toEqual([[], [], ['👍']]);
  });

  it('keeps the removed content of an admin-removed message when a late update arrives', async () => {
    const { win, live } = await open(2);
    live.event('message_admin_delete', makeMessage(2, { content: MESSAGE_REMOVED_BY_ADMIN }));
    live.event('message_updated', makeMessage(2, { content: 'edited before removal', nickname: 'Ali' }));
    expect(win.getSnapshot().messages[1]).toMatchObject({ content: MESSAGE_REMOVED_BY_ADMIN, nickname: 'Ali' });
  });

  it('follows pins and unpins of the messages it holds, whatever their place', async () => {
    const { win, live } = await open(3);
    const untouched = win.getSnapshot().messages[0];
    live.event('message_pin_update', { channel_id: 1, message_id: 2, pinned: true, pinned_by: 9 });
    live.event('message_pin_update', { dm_user_id: 4, message_id: 99, pinned: true, pinned_by: 9 });
    expect(win.getSnapshot().messages.map((m) => m.pinned)).toEqual([false, true, false]);
    expect(win.getSnapshot().messages[0]).toBe(untouched);
    live.event('message_pin_update', { channel_id: 1, message_id: 2, pinned: false, pinned_by: null });
    expect(win.getSnapshot().messages[1]!.pinned).toBe(false);
  });

  it('holds events that arrive during a page load and applies them after it', async () => {
    const page = deferred<Message[]>();
    const live = fakeLive();
    const win = new MessageWindow(1, {
      fetchPage: () => page.promise,
      subscribeLive: live.subscribe,
      onNewestLoaded: () => undefined,
    });
    win.start();
    live.event('message', makeMessage(3));
    live.event('message_updated', makeMessage(2, { content: 'edited' }));
    page.resolve([makeMessage(1), makeMessage(2)]);
    await vi.waitFor(() => expect(ids(win)).toEqual([1, 2, 3]));
    expect(win.getSnapshot().messages[1]!.content).toBe('edited');
  });

  it('reloads the newest page after a resync', async () => {
    const { win, live, history } = await open(500);
    for (let i = 0; i < 3; i++) await win.loadOlder();
    expect(win.getSnapshot().generation).toBe(1);
    live.emit({ kind: 'resync' });
    await vi.waitFor(() => expect(win.getSnapshot().generation).toBe(2));
    expect(history.queries.at(-1)).toEqual({ channelId: 1, limit: 30 });
    expect(ids(win)).toEqual(range(471, 500));
    expect(win.getSnapshot()).toMatchObject({ hasOlder: true, hasNewer: false, firstItemIndex: FIRST_ITEM_INDEX });
  });

  it('keeps the window as it is when a resync brings back the very messages shown', async () => {
    const { win, live, history } = await open(40);
    const shown = win.getSnapshot().messages;
    live.emit({ kind: 'resync' });
    await vi.waitFor(() => expect(history.queries).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Same generation: the list is not drawn anew, so its scroll position and focus stay.
    expect(win.getSnapshot().generation).toBe(1);
    expect(win.getSnapshot().messages).toBe(shown);
  });

  it('drops an older page that arrives after a resync replaced the window', async () => {
    const history = fakeHistory(200);
    const slow = deferred<Message[]>();
    const { win, live } = await open(0, {
      fetchPage: (q) => (q.before !== undefined ? slow.promise : history.fetchPage(q)),
    });
    const older = win.loadOlder();
    live.emit({ kind: 'resync' });
    await vi.waitFor(() => expect(history.queries).toHaveLength(2));
    slow.resolve(history.all.slice(140, 170));
    await older;
    expect(ids(win)).toEqual(range(171, 200));
  });
});

describe('MessageWindow local changes', () => {
  it('applies a saved edit and removes a deleted message', async () => {
    const { win } = await open(3);
    win.applyUpdate(makeMessage(2, { content: 'saved', edited_at: '2025-03-02T00:00:00.000Z' }));
    win.remove(1);
    expect(win.getSnapshot().messages.map((m) => [m.id, m.content])).toEqual([
      [2, 'saved'],
      [3, 'message 3'],
    ]);
    // Removing the first item shifts the list's first index like a trim at the top.
    expect(win.getSnapshot().firstItemIndex).toBe(FIRST_ITEM_INDEX + 1);
  });
});
