import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import type { SelfUser } from '@hearth/protocol';
import { admin } from '../../test/factories';
import { baseRoutes, createTestServices, renderChat } from '../messages/test-harness';
import { NARROW_QUERY } from '../../app/useIsNarrow';
import { Shell } from './Shell';

let stopLive: (() => void) | null = null;
afterEach(() => stopLive?.());

/** The signed-in shell at an address (#general of Hearth by default); the live connection is driven by hand. */
function renderShell(path = '/channels/1/1', user?: SelfUser) {
  const harness = createTestServices({ routes: baseRoutes(), ...(user ? { user } : {}) });
  stopLive = () => harness.services.live.stop();
  const location = memoryLocation({ path, record: true });
  renderChat(<Shell />, harness.services, location.hook);
  return { ...harness, location };
}

describe('Shell', () => {
  it('has one main landmark and an h1 naming the open channel and group', async () => {
    renderShell();
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { name: '#general', level: 2 })).toBeTruthy();
    expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('#general in Hearth');
  });

  it('on a phone showing the channel list, the list is the main landmark and holds the h1', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === NARROW_QUERY,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    renderShell('/channels/1');

    const main = screen.getByRole('main');
    expect(within(main).getByRole('navigation', { name: 'Channels' })).toBeTruthy();
    await waitFor(() => expect(within(main).getByRole('heading', { level: 1 }).textContent).toBe('Hearth'));
  });

  it('on its own route, the page brings the h1', async () => {
    renderShell('/settings');
    await screen.findByRole('dialog', { name: 'Settings' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Settings']);
  });

  it('opens settings at a settings link’s deeper address too', async () => {
    const { location } = renderShell('/settings/account/password');
    await screen.findByRole('dialog', { name: 'Settings' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Settings']);
    expect(screen.getByRole('heading', { level: 2, name: 'My Account' })).toBeTruthy();
    expect(location.history).toEqual(['/settings/account/password']);
  });

  it('says so when the channel being viewed is deleted, and shows the welcome screen', async () => {
    const { emit } = renderShell();
    await screen.findByRole('heading', { name: '#general', level: 2 });

    act(() => emit('channel_deleted', { channel_id: 1, group_id: 1 }));

    const toast = await screen.findByRole('status', { name: 'Channel deleted' });
    expect(toast.textContent).toContain('The channel you were viewing was deleted.');
    expect(screen.getByRole('heading', { name: /^Welcome, / })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Hearth');
  });

  it('stays quiet when another channel is deleted', async () => {
    const { emit } = renderShell();
    await screen.findByRole('heading', { name: '#general', level: 2 });
    act(() => emit('channel_deleted', { channel_id: 99, group_id: 1 }));
    expect(screen.queryByRole('status', { name: 'Channel deleted' })).toBeNull();
    expect(screen.getByRole('heading', { name: '#general', level: 2 })).toBeTruthy();
  });

  it('shows one toast for one permission change, though the server sends an event per permission', async () => {
    const { emit } = renderShell();
    await screen.findByRole('heading', { name: '#general', level: 2 });
    const none = { can_view: false, can_post: false, can_upload: false };
    act(() => {
      for (const permission of ['can_view', 'can_post', 'can_upload'])
        emit('permission_revoked', { group_id: 1, group_name: 'Hearth', user_id: 7, permission, permissions: none });
    });

    const toast = await screen.findByRole('alert', { name: 'Access revoked' });
    expect(toast.textContent).toContain('You can no longer view, post messages or upload files in "Hearth"');
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(notifications.querySelectorAll('[role="alert"], [role="status"]')).toHaveLength(1);
    // Access to the open group is gone, so the user is back home.
    expect(screen.getByRole('heading', { name: /^Welcome, / })).toBeTruthy();
  });

  it('offers admins a visible Create Channel button beside the channel list', async () => {
    renderShell('/channels/1/1', admin());
    const sidebar = screen.getByRole('navigation', { name: 'Channels' });
    expect(await within(sidebar).findByRole('button', { name: 'Create Channel' })).toBeTruthy();
  });
  it('shows home with no channel selected at /', () => {
    renderShell('/');
    expect(screen.getByRole('heading', { name: /^Welcome, / })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Home');
    expect(screen.getByText('Select a group to see its channels.')).toBeTruthy();
  });

  it('gives each channel its own address: picking another one moves there', async () => {
    const { location } = renderShell('/channels/1');
    expect(screen.getByRole('heading', { name: /^Welcome, / })).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Channels' });
    await userEvent.click(await within(sidebar).findByRole('button', { name: 'general' }));
    expect(await screen.findByRole('heading', { name: '#general', level: 2 })).toBeTruthy();
    expect(location.history).toEqual(['/channels/1', '/channels/1/1']);
  });

  it('corrects a link naming the wrong group in place, and sends an unknown address home', async () => {
    const { location } = renderShell('/channels/5/1');
    expect(await screen.findByRole('heading', { name: '#general', level: 2 })).toBeTruthy();
    await waitFor(() => expect(location.history).toEqual(['/channels/1/1']));
    stopLive?.();

    const other = renderShell('/channels/not-a-number');
    await waitFor(() => expect(other.location.history).toEqual(['/']));
  });

  it('leaves a deleted channel for its group’s address', async () => {
    const { emit, location } = renderShell();
    await screen.findByRole('heading', { name: '#general', level: 2 });
    act(() => emit('channel_deleted', { channel_id: 1, group_id: 1 }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/channels/1'));
  });
});
