import { describe, expect, it, vi } from 'vitest';
import type { Embed } from '@hearth/protocol';
import { MessageWindow } from '../messages/message-window';
import { fakeHistory, fakeLive } from '../messages/test-messages';
import { proxiedImage, safeHref } from './embed-image';

const card = (fields: Partial<Embed> = {}): Embed => ({
  type: 'link',
  url: 'https://example.com/page',
  title: 'A page',
  description: 'About it',
  site_name: 'Example',
  image: '/api/media-proxy?url=x&expires=1&signature=s',
  color: '#336699',
  ...fields,
});

async function openWindow(channelId: number) {
  const live = fakeLive();
  const history = fakeHistory(3);
  const win = new MessageWindow(channelId, {
    fetchPage: (q) =>
      history.fetchPage({ ...q, channelId: 1 }).then((page) => page.map((m) => ({ ...m, channel_id: channelId }))),
    subscribeLive: live.subscribe,
    onNewestLoaded: () => undefined,
  });
  win.start();
  await vi.waitFor(() => expect(win.getSnapshot().status).toBe('ready'));
  return { win, live };
}

describe('message_embeds_update in a message window', () => {
  it('sets and clears the previews of the message it names, in its channel only', async () => {
    const { win, live } = await openWindow(1);
    live.event('message_embeds_update', { message_id: 2, channel_id: 1, group_id: 1, embeds: [card()] });
    live.event('message_embeds_update', { message_id: 3, channel_id: 9, group_id: 1, embeds: [card()] });
    const byId = new Map(win.getSnapshot().messages.map((m) => [m.id, m]));
    expect(byId.get(2)!.embeds).toEqual([card()]);
    expect(byId.get(3)!.embeds).toEqual([]);
    live.event('message_embeds_update', { message_id: 2, channel_id: 1, group_id: 1, embeds: [] });
    expect(win.getSnapshot().messages.find((m) => m.id === 2)!.embeds).toEqual([]);
  });

  it('applies to a direct message by its conversation id', async () => {
    const { win, live } = await openWindow(-5);
    live.event('message_embeds_update', { message_id: 1, channel_id: -5, group_id: null, embeds: [card()] });
    expect(win.getSnapshot().messages.find((m) => m.id === 1)!.embeds).toHaveLength(1);
  });
});

describe('what a card may load', () => {
  it("shows only pictures of this server's media proxy", () => {
    expect(proxiedImage('/api/media-proxy?url=a&expires=1&signature=s')).not.toBeNull();
    expect(proxiedImage('https://tracker.example/pixel.png')).toBeNull();
    expect(proxiedImage('//tracker.example/api/media-proxy?')).toBeNull();
    expect(proxiedImage(null)).toBeNull();
  });

  it('links only to http(s) pages', () => {
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b');
  });
});
