import { describe, expect, it } from 'vitest';
import { MessageWindow } from '../messages/message-window';
import { fakeHistory, fakeLive, makeMessage } from '../messages/test-messages';

function setup(count = 200) {
  const history = fakeHistory(count);
  const live = fakeLive();
  const win = new MessageWindow(1, {
    fetchPage: history.fetchPage,
    subscribeLive: live.subscribe,
    onNewestLoaded: () => {},
  });
  return { win, history, live };
}

const ids = (win: MessageWindow) => win.getSnapshot().messages.map((m) => m.id);

describe('MessageWindow.loadAround', () => {
  it('replaces the window with a page centred on a message far up the history', async () => {
    const { win, history, live } = setup();
    win.start();
    await win.loadNewest();
    const before = win.getSnapshot().generation;
    expect(await win.loadAround(40)).toBe('found');
    expect(history.queries.at(-1)).toEqual({ channelId: 1, limit: 30, around: 40 });
    const state = win.getSnapshot();
    expect(ids(win)).toEqual(Array.from({ length: 30 }, (_, i) => 26 + i));
    expect(state).toMatchObject({ jumpTarget: 40, hasOlder: true, hasNewer: true });
    expect(state.generation).toBe(before + 1);
    // A live message does not land in a window that stops short of the newest.
    const newest = makeMessage(201);
    live.event('message', newest);
    expect(ids(win)).not.toContain(201);
    expect(win.getSnapshot().latestLive).toEqual(newest);
    // Back to the present: the newest page, opened at the bottom again.
    await win.loadNewest();
    expect(win.getSnapshot().jumpTarget).toBeNull();
    expect(ids(win).at(-1)).toBe(200);
  });

  it('keeps the window when it already holds the message', async () => {
    const { win, history } = setup();
    win.start();
    await win.loadNewest();
    const asked = history.queries.length;
    expect(await win.loadAround(190)).toBe('found');
    expect(history.queries.length).toBe(asked);
    expect(win.getSnapshot().jumpTarget).toBeNull();
  });

  it('says when the message is gone, and keeps the window', async () => {
    const { win } = setup(50);
    win.start();
    await win.loadNewest();
    const shown = ids(win);
    expect(await win.loadAround(999)).toBe('missing');
    expect(ids(win)).toEqual(shown);
  });

  it('knows when the page reaches either end', async () => {
    const { win } = setup(40);
    win.start();
    await win.loadNewest();
    expect(await win.loadAround(3)).toBe('found');
    expect(win.getSnapshot()).toMatchObject({ hasOlder: false, hasNewer: true });
    expect(ids(win)[0]).toBe(1);
  });
});

describe('a window following the originals of its replies', () => {
  it('marks a reply whose original is deleted live', async () => {
    const original = makeMessage(1, { username: 'bob' });
    const reply = makeMessage(2, {
      reply_to: { id: 1, user_id: 7, username: 'bob', content: 'x', has_attachments: false, deleted: false },
    });
    const live = fakeLive();
    const win = new MessageWindow(1, {
      fetchPage: async () => [original, reply],
      subscribeLive: live.subscribe,
      onNewestLoaded: () => {},
    });
    win.start();
    await win.loadNewest();
    live.event('message_delete', { id: 1, channel_id: 1 });
    expect(win.getSnapshot().messages).toHaveLength(1);
    expect(win.getSnapshot().messages[0]!.reply_to).toMatchObject({ id: 1, deleted: true });
  });
});
