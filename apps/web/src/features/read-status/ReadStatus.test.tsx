import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ChannelReadStatus } from '@hearth/protocol';
import { FakeSocket } from '../../test/fake-socket';
import { NavigationProvider } from '../../app/navigation';
import { placePath } from '../../app/routes';
import { admin, channel, group, user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { fakeServer, ok, type Route } from '../groups/test-utils';
import { GroupRail } from '../groups/GroupRail';
import { ChannelSidebar } from '../groups/ChannelSidebar';
import { makeMessage } from '../messages/test-messages';
import { useReadStatusLiveUpdates } from './useReadStatusLiveUpdates';
import { useMarkOpenChannelRead } from './useMarkOpenChannelRead';
import { readStatusKeys } from './queries';

const status = (channel_id: number, group_id: number, extra: Partial<ChannelReadStatus> = {}): ChannelReadStatus => ({
  channel_id,
  group_id,
  unread_mentions: 0,
  has_unread: false,
  last_read_message_id: null,
  last_read_at: null,
  ...extra,
});

const baseRoutes = (statuses: ChannelReadStatus[]): Record<string, Route> => ({
  'GET /group': ok([group(1, 'Hearth'), group(2, 'Quiet')]),
  'GET /channel/': ok([channel(10, 'lobby', 1), channel(11, 'news', 1), channel(20, 'calm', 2)]),
  'GET /category?group_id=1': ok([]),
  'GET /channel/read-status/all': ok(statuses),
});

function LiveReadStatus() {
  useReadStatusLiveUpdates();
  useMarkOpenChannelRead();
  return null;
}

/** The rail and the sidebar as the shell shows them, with the read-status hooks and a live connection. */
function renderShell(at: { groupId: number | null; channelId: number | null }, me = user()) {
  const socket = new FakeSocket();
  const services = testServices({ user: me, createSocket: () => socket });
  const location = memoryLocation({ path: placePath(at), record: true });
  renderWithServices(
    <Router hook={location.hook}>
      <NavigationProvider>
        <LiveReadStatus />
        <GroupRail />
        <ChannelSidebar />
      </NavigationProvider>
    </Router>,
    services,
  );
  services.live.start();
  act(() => socket.openReady());
  return { socket, services };
}

const rail = () => screen.getByRole('navigation', { name: 'Groups' });
const sidebar = () => screen.getByRole('navigation', { name: 'Channels' });
const channelButton = (name: string) => within(sidebar()).findByRole('button', { name });
const groupButton = (name: string) => within(rail()).findByRole('button', { name });
const badgeOf = (button: HTMLElement) =>
  button.closest('li')!.querySelector('[data-mention-badge]')?.textContent ?? null;
const pillOf = (button: HTMLElement) => button.closest('li')!.querySelector('[data-unread-pill]') !== null;

describe('unread marks', () => {
  it('show a channel unread (bold, a pill) with its mentions, and its group summed on the rail', async () => {
    fakeServer(
      baseRoutes([
        status(10, 1, { has_unread: true, unread_mentions: 2 }),
        status(11, 1, { has_unread: true, unread_mentions: 120 }),
        status(20, 2),
      ]),
    );
    renderShell({ groupId: 1, channelId: null });
    const lobby = await channelButton('lobby');
    await waitFor(() => expect(badgeOf(lobby)).toBe('2'));
    expect(lobby.className).toMatch(/unread/);
    expect(pillOf(lobby)).toBe(true);
    // The name stays the channel's; the marks describe it.
    within(sidebar()).getByRole('button', { name: 'lobby', description: 'Unread messages, 2 mentions' });
    expect(badgeOf(await channelButton('news'))).toBe('99+');

    const hearth = await groupButton('Hearth');
    expect(badgeOf(hearth)).toBe('99+');
    within(rail()).getByRole('button', { name: 'Hearth', description: 'Unread messages, 122 mentions' });
    const quiet = await groupButton('Quiet');
    expect(badgeOf(quiet)).toBeNull();
    expect(pillOf(quiet)).toBe(false);
    expect(quiet.getAttribute('aria-describedby')).toBeNull();
  });

  it('show no mention badge for a channel that is only unread', async () => {
    fakeServer(baseRoutes([status(10, 1, { has_unread: true }), status(11, 1)]));
    renderShell({ groupId: 1, channelId: null });
    const lobby = await channelButton('lobby');
    await waitFor(() => expect(pillOf(lobby)).toBe(true));
    expect(badgeOf(lobby)).toBeNull();
    within(sidebar()).getByRole('button', { name: 'lobby', description: 'Unread messages' });
    const news = await channelButton('news');
    expect(pillOf(news)).toBe(false);
    expect(news.className).not.toMatch(/unread/);
  });
});

describe('Mark as Read', () => {
  it('is in a channel’s menu only while it is unread, and clears it at once', async () => {
    const calls = fakeServer({
      ...baseRoutes([status(10, 1, { has_unread: true, unread_mentions: 1 }), status(11, 1)]),
      'POST /channel/10/mark-read': ok(status(10, 1, { last_read_message_id: 5, last_read_at: 'now' })),
    });
    renderShell({ groupId: 1, channelId: null });
    const news = await channelButton('news');
    fireEvent.contextMenu(news);
    await screen.findByRole('menu', { name: 'news' });
    expect(screen.queryByRole('menuitem', { name: 'Mark as Read' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    const lobby = await channelButton('lobby');
    await waitFor(() => expect(badgeOf(lobby)).toBe('1'));
    fireEvent.contextMenu(lobby);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as Read' }));
    await waitFor(() => expect(badgeOf(lobby)).toBeNull());
    expect(pillOf(lobby)).toBe(false);
    expect(calls).toContainEqual({ method: 'POST', path: '/channel/10/mark-read', body: { message_id: null } });
  });

  it('is in a group’s menu only while it is unread, for members too, and reads every channel of it', async () => {
    let statuses = [status(10, 1, { has_unread: true, unread_mentions: 3 }), status(11, 1, { has_unread: true })];
    const calls = fakeServer({
      ...baseRoutes([]),
      'GET /channel/read-status/all': () => ({ status: 200, body: statuses }),
      'POST /group/1/mark-read': () => {
        statuses = [status(10, 1, { last_read_message_id: 9 }), status(11, 1, { last_read_message_id: 8 })];
        return { status: 200, body: { group_id: 1, total_unread_mentions: 0, has_unread_messages: false } };
      },
    });
    renderShell({ groupId: null, channelId: null });
    fireEvent.contextMenu(await groupButton('Quiet'));
    await screen.findByRole('menu', { name: 'Quiet' });
    expect(screen.queryByRole('menuitem', { name: 'Mark as Read' })).toBeNull();
    await userEvent.keyboard('{Escape}');

    const hearth = await groupButton('Hearth');
    await waitFor(() => expect(badgeOf(hearth)).toBe('3'));
    fireEvent.contextMenu(hearth);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mark as Read' }));
    expect(badgeOf(hearth)).toBeNull();
    expect(pillOf(hearth)).toBe(false);
    expect(calls.some((c) => c.method === 'POST' && c.path === '/group/1/mark-read')).toBe(true);
    // Fetched again shortly after the server answered (spec: 100 ms).
    await waitFor(() => expect(calls.filter((c) => c.path === '/channel/read-status/all')).toHaveLength(2));
  });

  it('for admins too, before their own items', async () => {
    fakeServer(baseRoutes([status(10, 1, { has_unread: true })]));
    renderShell({ groupId: 1, channelId: null }, admin());
    const lobby = await channelButton('lobby');
    await waitFor(() => expect(pillOf(lobby)).toBe(true));
    fireEvent.contextMenu(lobby);
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Mark as Read', 'Mute Channel', 'Edit channel', 'Delete']);
  });
});

describe('live', () => {
  it('lights a channel up when someone else writes, counts a mention of the reader, and ignores own messages', async () => {
    fakeServer(baseRoutes([status(10, 1), status(11, 1), status(20, 2)]));
    const { socket, services } = renderShell({ groupId: 1, channelId: null });
    const lobby = await channelButton('lobby');
    const hearth = await groupButton('Hearth');
    await waitFor(() => expect(services.queryClient.getQueryData(readStatusKeys.channels)).toBeDefined());

    act(() => socket.event('message', makeMessage(1, { channel_id: 10, user_id: 7 })));
    expect(pillOf(lobby)).toBe(false);
    act(() => socket.event('message', makeMessage(2, { channel_id: 10, user_id: 8 })));
    await waitFor(() => expect(pillOf(lobby)).toBe(true));
    expect(badgeOf(lobby)).toBeNull();
    act(() =>
      socket.event(
        'message',
        makeMessage(3, { channel_id: 10, user_id: 8, mentioned_users: [{ id: 7, username: 'alice' }] }),
      ),
    );
    act(() => socket.event('message', makeMessage(4, { channel_id: 10, user_id: 8, mentions_everyone: true })));
    await waitFor(() => expect(badgeOf(lobby)).toBe('2'));
    expect(badgeOf(hearth)).toBe('2');
    // The open group needs no pill; another group gets one.
    expect(pillOf(hearth)).toBe(false);
    const quiet = await groupButton('Quiet');
    act(() => socket.event('message', makeMessage(5, { channel_id: 20, group_id: 2, user_id: 8 })));
    await waitFor(() => expect(pillOf(quiet)).toBe(true));
    expect(badgeOf(quiet)).toBeNull();
  });

  it('clears a channel marked read on another device', async () => {
    fakeServer(baseRoutes([status(10, 1, { has_unread: true, unread_mentions: 4 }), status(11, 1)]));
    const { socket } = renderShell({ groupId: 1, channelId: null });
    const lobby = await channelButton('lobby');
    await waitFor(() => expect(badgeOf(lobby)).toBe('4'));
    act(() => socket.event('channel_read_status_update', status(10, 1, { last_read_message_id: 40 })));
    await waitFor(() => expect(badgeOf(lobby)).toBeNull());
    expect(badgeOf(await groupButton('Hearth'))).toBeNull();
  });

  it('marks the open channel read 500 ms after it is opened, when it has anything unread', async () => {
    const calls = fakeServer({
      ...baseRoutes([status(10, 1, { has_unread: true, unread_mentions: 1 }), status(11, 1)]),
      'POST /channel/10/mark-read': ok(status(10, 1, { last_read_message_id: 5 })),
    });
    renderShell({ groupId: 1, channelId: 10 });
    const lobby = await channelButton('lobby');
    await waitFor(() => expect(badgeOf(lobby)).toBe('1'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await waitFor(() => expect(badgeOf(lobby)).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/channel/10/mark-read', body: { message_id: null } },
    ]);
  });
});
