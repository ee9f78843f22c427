import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { NavigationProvider } from '../../app/navigation';
import { admin, user } from '../../test/factories';
import { stubFetch } from '../../test/fake-fetch';
import { renderWithServices, testServices } from '../../test/render';
import { AdminRoute } from './AdminRoute';
import { systemResources } from './system-fixture';
import { adminUser, narrowWindow } from './test-admin';

function renderAt(me = admin()) {
  const requests = stubFetch((req) => {
    if (req.path === '/api/admin/users') return { status: 200, body: { users: [adminUser(1, 'root', 'ADMIN')] } };
    if (req.path === '/api/admin/system/resources') return { status: 200, body: systemResources(1, 2, 3) };
    return undefined;
  });
  const location = memoryLocation({ path: '/admin', record: true });
  renderWithServices(
    <Router hook={location.hook}>
      <NavigationProvider>
        <AdminRoute place={<p>The chat</p>} />
      </NavigationProvider>
    </Router>,
    testServices({ user: me }),
  );
  return { requests, location };
}

describe('admin panel', () => {
  // The route loads the panel lazily; its first import transforms the panel's whole module tree,
  // which on a busy machine takes longer than a findBy waits. Waiting here for that import to finish
  // leaves the tests to wait only for what they are about.
  beforeAll(() => import('./AdminPanel'));

  it('is nothing at all for someone who is not an admin: the address goes back to their place', async () => {
    const { requests, location } = renderAt(user());
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests).toEqual([]);
  });

  it("opens on Users over the admin's place, with the seven tabs; only the open tab fetches", async () => {
    const { requests, location } = renderAt();
    const panel = await screen.findByRole('dialog', { name: 'Admin Panel' });
    expect(screen.getByText('The chat')).toBeTruthy();
    const tabs = within(panel).getByRole('tablist', { name: 'Admin sections' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Users', 'Storage', 'Announcements', 'System', 'App Version', 'Data Reports', 'Audit Log']);
    await within(panel).findByRole('table', { name: 'Users' });
    expect(requests.map((r) => r.path)).toEqual(['/api/admin/users']);

    await userEvent.click(within(tabs).getByRole('tab', { name: 'System' }));
    expect(await within(panel).findByRole('meter', { name: 'CPU usage' })).toBeTruthy();
    expect(within(panel).queryByRole('table', { name: 'Users' })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Close admin panel' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/'));
  });

  it('shows users as cards on a phone', async () => {
    const restore = narrowWindow();
    try {
      renderAt();
      const list = await screen.findByRole('list', { name: 'Users' });
      expect(within(list).getByText('root')).toBeTruthy();
      expect(within(list).getByRole('button', { name: 'Demote' })).toBeTruthy();
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      restore();
    }
  });
});
