import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChannelSidebar } from './ChannelSidebar';
import { admin, category, channel, group, user } from '../../test/factories';
import type { Reply } from '../../test/fake-fetch';
import { fakeServer, ok, renderSignedIn } from './test-utils';

const channels = [
  channel(10, 'lobby', 1),
  channel(11, 'rules', 1, { category_id: 5 }),
  channel(12, 'Lounge', 1, { channel_type: 'voice', category_id: 5 }),
  channel(20, 'elsewhere', 2),
];

const routes = {
  'GET /group': ok([group(1, 'Hearth'), group(2, 'Other'), group(3, 'Empty')]),
  'GET /channel/': ok(channels),
  'GET /category?group_id=1': ok([category(5, 'Info', 1)]),
  'GET /category?group_id=3': ok([]),
};

/** Answers the first request; later ones never finish. */
const firstOnly = (body: unknown) => {
  let answered = false;
  return () => (answered ? new Promise<Reply>(() => undefined) : ((answered = true), { status: 200, body }));
};

const sidebar = () => screen.getByRole('navigation', { name: 'Channels' });
const at = (groupId: number | null, channelId: number | null = null) => ({ groupId, channelId });

describe('ChannelSidebar', () => {
  it('lists ungrouped channels first, then collapsible categories', async () => {
    fakeServer(routes);
    renderSignedIn(<ChannelSidebar />, user(), at(1, 10));
    await within(sidebar()).findByRole('button', { name: 'lobby' });

    expect(within(sidebar()).getByRole('heading', { name: 'Hearth' })).toBeTruthy();
    expect(within(sidebar()).getByText('Text Channels')).toBeTruthy();
    expect(within(sidebar()).getByRole('button', { name: 'lobby' }).getAttribute('aria-current')).toBe('page');
    expect(within(sidebar()).queryByRole('button', { name: 'elsewhere' })).toBeNull();
    const info = within(sidebar()).getByRole('region', { name: 'Info' });
    expect(within(info).getByRole('button', { name: 'rules' })).toBeTruthy();
    expect(within(info).getByText('Lounge')).toBeTruthy();

    const toggle = within(info).getByRole('button', { name: 'Info' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(info).queryByRole('button', { name: 'rules' })).toBeNull();
  });

  it('lists voice channels in no category under their own heading, with who is in them', async () => {
    const participant = {
      user_id: 7,
      username: 'averyveryverylongname',
      nickname: null,
      profile_image_url: null,
      channel_id: 13,
      session_id: 's',
      peer_id: 'p',
      connection_state: 'connected',
      joined_at: '2026-01-01T00:00:00.000Z',
      is_muted: true,
      is_deafened: false,
      is_speaking: false,
    };
    fakeServer({
      ...routes,
      'GET /channel/': ok([...channels, channel(13, 'Hangout', 1, { channel_type: 'voice' })]),
      'GET /voice/channels/13/participants': ok({ channel_id: 13, participants: [participant] }),
    });
    renderSignedIn(<ChannelSidebar />, user(), at(1, 10));
    const voice = await within(sidebar()).findByRole('button', { name: 'Hangout (voice channel)' });
    const headings = within(sidebar())
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['Text Channels', 'Voice Channels']);
    expect(voice.closest('ul')).not.toBe(within(sidebar()).getByRole('button', { name: 'lobby' }).closest('ul'));
    const inside = await within(sidebar()).findByRole('list', { name: 'In Hangout' });
    const item = within(inside).getByRole('listitem');
    expect(within(item).getByText('averyveryv…').getAttribute('title')).toBe('averyveryverylongname');
    expect(within(item).getByRole('img', { name: 'Muted' })).toBeTruthy();
  });

  it('says when a group has no channels, and hints when none is selected', async () => {
    fakeServer(routes);
    const { unmount } = renderSignedIn(<ChannelSidebar />, user(), at(3));
    expect(await within(sidebar()).findByText('No channels')).toBeTruthy();
    unmount();
    renderSignedIn(<ChannelSidebar />, user(), at(null));
    expect(within(sidebar()).getByText('Select a group to see its channels.')).toBeTruthy();
  });

  it('removes a deleted channel at once and puts it back when the server refuses', async () => {
    let refuse: (reply: Reply) => void = () => undefined;
    const calls = fakeServer({
      ...routes,
      // Only the first load answers, so what shows after the failure is the rollback, not a refetch.
      'GET /channel/': firstOnly(channels),
      'DELETE /channel/10': () => new Promise<Reply>((resolve) => (refuse = resolve)),
    });
    renderSignedIn(<ChannelSidebar />, admin(), at(1));
    fireEvent.contextMenu(await within(sidebar()).findByRole('button', { name: 'lobby' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Channel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(within(sidebar()).queryByRole('button', { name: 'lobby' })).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/channel/10')).toBe(true);

    refuse({ status: 403, body: { detail: 'Admin privileges required' } });
    expect(await within(sidebar()).findByRole('button', { name: 'lobby' })).toBeTruthy();
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Admin privileges required');
  });

  it("moves a deleted category's channels out of it, and back when the server refuses", async () => {
    let refuse: (reply: Reply) => void = () => undefined;
    fakeServer({
      ...routes,
      'GET /channel/': firstOnly(channels),
      'GET /category?group_id=1': firstOnly([category(5, 'Info', 1)]),
      'DELETE /category/5': () => new Promise<Reply>((resolve) => (refuse = resolve)),
    });
    renderSignedIn(<ChannelSidebar />, admin(), at(1));
    fireEvent.contextMenu(await within(sidebar()).findByRole('button', { name: 'Info' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Category' })).getByRole('button', {
        name: 'Delete',
      }),
    );

    await waitFor(() => expect(within(sidebar()).queryByRole('region', { name: 'Info' })).toBeNull());
    expect(within(sidebar()).getByRole('button', { name: 'rules' })).toBeTruthy();

    refuse({ status: 500, body: { detail: 'Internal server error' } });
    const info = await within(sidebar()).findByRole('region', { name: 'Info' });
    expect(within(info).getByRole('button', { name: 'rules' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toContain('Delete Category Failed');
  });

  it('offers non-admins only to copy a channel id and mute the channel', async () => {
    fakeServer(routes);
    renderSignedIn(<ChannelSidebar />, user(), at(1));
    fireEvent.contextMenu(await within(sidebar()).findByRole('button', { name: 'lobby' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Copy Channel ID', 'Mute Channel']);
  });

  it('gives admins a visible Create Channel button that opens the create modal for this group', async () => {
    fakeServer(routes);
    renderSignedIn(<ChannelSidebar />, admin(), at(3));
    expect(await within(sidebar()).findByText('No channels')).toBeTruthy();
    await userEvent.click(within(sidebar()).getByRole('button', { name: 'Create Channel' }));

    const dialog = await screen.findByRole('dialog', { name: 'Create Channel' });
    const groupField = within(dialog).getByLabelText<HTMLSelectElement>('Group');
    expect(groupField.selectedOptions[0]?.textContent).toBe('Empty');
  });

  it('shows no create button to non-admins', async () => {
    fakeServer(routes);
    renderSignedIn(<ChannelSidebar />, user(), at(3));
    expect(await within(sidebar()).findByText('No channels')).toBeTruthy();
    expect(within(sidebar()).queryByRole('button', { name: 'Create Channel' })).toBeNull();
  });

  it('isolates group, category and channel names, and shows a cut-off name whole on hover', async () => {
    // A right-to-left override in a name must not reorder what comes after it.
    const [groupName, channelName, categoryName] = ['team\u202Epuorg', 'chat\u202Elennahc', 'info\u202Eyrogetac'];
    fakeServer({
      ...routes,
      'GET /group': ok([group(1, groupName)]),
      'GET /channel/': ok([channel(10, channelName, 1), channel(11, 'rules', 1, { category_id: 5 })]),
      'GET /category?group_id=1': ok([category(5, categoryName, 1)]),
    });
    renderSignedIn(<ChannelSidebar />, user(), at(1));
    const row = await within(sidebar()).findByRole('button', { name: channelName });
    const isolated = (el: Element) => [...el.querySelectorAll('bdi')].map((b) => b.textContent);

    expect(isolated(row)).toEqual([channelName]);
    expect(row.getAttribute('title')).toBe(channelName);
    const heading = within(sidebar()).getByRole('heading', { name: groupName });
    expect(isolated(heading)).toEqual([groupName]);
    expect(heading.getAttribute('title')).toBe(groupName);
    expect(isolated(within(sidebar()).getByRole('button', { name: categoryName }))).toEqual([categoryName]);
  });
});
