import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupRail } from './GroupRail';
import { ChannelSidebar } from './ChannelSidebar';
import { admin, channel, group, user } from '../../test/factories';
import { fakeServer, ok, renderSignedIn } from './test-utils';

const groups = [group(1, 'general chat'), group(2, 'Zed', 'https://cdn.example/zed.png'), group(3, 'x')];

beforeEach(() => {
  fakeServer({
    'GET /group': ok(groups),
    'GET /channel/': ok([
      channel(10, 'random', 1),
      channel(11, 'announcements', 1),
      channel(12, 'a-voice', 1, { channel_type: 'voice' }),
    ]),
    'GET /category?group_id=1': ok([]),
  });
});

const rail = () => screen.getByRole('navigation', { name: 'Groups' });

describe('GroupRail', () => {
  it('shows one button per group with its icon or its first two letters, which are part of its name', async () => {
    renderSignedIn(<GroupRail />);
    const general = await within(rail()).findByRole('button', { name: 'general chat' });
    // Capitals come from CSS, so the visible text stays a part of the accessible name (label in name).
    expect(general.textContent).toBe('ge');
    expect(within(rail()).getByRole('button', { name: 'x' }).textContent).toBe('x');
    const zed = within(rail()).getByRole('button', { name: 'Zed' });
    expect(zed.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/zed.png');
    expect(within(rail()).getByRole('button', { name: 'Home' })).toBeTruthy();
  });

  it('offers Create to admins only', async () => {
    const { unmount } = renderSignedIn(<GroupRail />, user());
    await within(rail()).findByRole('button', { name: 'Zed' });
    expect(within(rail()).queryByRole('button', { name: 'Create' })).toBeNull();
    unmount();

    renderSignedIn(<GroupRail />, admin());
    await within(rail()).findByRole('button', { name: 'Zed' });
    await userEvent.click(within(rail()).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('dialog', { name: 'Create' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Channel' })).toBeTruthy();
  });

  it('opens a group on its first text channel by name', async () => {
    renderSignedIn(
      <>
        <GroupRail />
        <ChannelSidebar />
      </>,
    );
    await userEvent.click(await within(rail()).findByRole('button', { name: 'general chat' }));

    expect(within(rail()).getByRole('button', { name: 'general chat' }).getAttribute('aria-current')).toBe('true');
    const sidebar = screen.getByRole('navigation', { name: 'Channels' });
    expect(within(sidebar).getByRole('heading', { name: 'general chat' })).toBeTruthy();
    const opened = await within(sidebar).findByRole('button', { name: 'announcements' });
    expect(opened.getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('button', { name: 'random' }).getAttribute('aria-current')).toBeNull();
  });

  it('shows the avatar menu with the Admin Panel entry for admins', async () => {
    renderSignedIn(<GroupRail />, admin());
    // The name starts with the username, whose initials the avatar shows (label in name).
    await userEvent.click(screen.getByRole('button', { name: 'root, User menu' }));
    const menu = await screen.findByRole('menu', { name: 'User menu' });
    expect(within(menu).getByText('ADMIN')).toBeTruthy();
    expect(within(menu).getByText('ID: 1')).toBeTruthy();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Admin Panel', 'Settings', 'Logout']);
  });
});
