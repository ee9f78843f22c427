import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupPermissionsDialog } from './GroupPermissionsDialog';
import type { GroupPermissionEntry } from './permission-rules';
import { admin, group } from '../../../test/factories';
import type { Reply } from '../../../test/fake-fetch';
import { fakeServer, renderSignedIn } from '../test-utils';

const entry = (
  id: number,
  username: string,
  role: GroupPermissionEntry['user']['role'],
  on: boolean,
): GroupPermissionEntry => ({
  user: { id, user_id: id, username, role },
  permissions: { can_view: on, can_post: on, can_upload: on },
});

const listing = (): Reply => ({
  status: 200,
  body: {
    group_id: 1,
    user_permissions: [
      entry(2, 'alice', 'USER', true),
      entry(3, 'bob', 'USER', false),
      entry(4, 'Guardian', 'SYSTEM', true),
    ],
  },
});

const open = () =>
  renderSignedIn(<GroupPermissionsDialog group={group(1, 'Hearth')} onClose={() => undefined} />, admin());
const isOn = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked') === 'true';

describe('GroupPermissionsDialog', () => {
  it('lists users without the system account', async () => {
    fakeServer({ 'GET /admin/groups/1/permissions': listing });
    open();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((c) => c.textContent),
    ).toEqual(['alice', 'bob']);
    expect(isOn('View for alice') && isOn('Post for alice') && isOn('Upload for alice')).toBe(true);
  });

  it('turning View off sends the whole set with Post and Upload off too', async () => {
    const calls = fakeServer({
      'GET /admin/groups/1/permissions': listing,
      'PUT /admin/groups/1/permissions/2': (body) => ({
        status: 200,
        body: { ...entry(2, 'alice', 'USER', false), ...(body as object) },
      }),
    });
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'View for alice' }));

    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      permissions: { can_view: false, can_post: false, can_upload: false },
    });
    expect(isOn('Post for alice') || isOn('Upload for alice')).toBe(false);
    expect(await screen.findByText('Permissions updated successfully')).toBeTruthy();
  });

  it('turning Upload on also turns View on; a refusal puts the switches back', async () => {
    const calls = fakeServer({
      'GET /admin/groups/1/permissions': listing,
      'PUT /admin/groups/1/permissions/3': () => ({ status: 500, body: {} }),
    });
    open();
    await userEvent.click(await screen.findByRole('switch', { name: 'Upload for bob' }));

    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      permissions: { can_view: true, can_post: false, can_upload: true },
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Update Error');
    expect(alert.textContent).toContain('Failed to update permissions');
    await waitFor(() => expect(isOn('Upload for bob') || isOn('View for bob')).toBe(false));
  });

  it('says when the list cannot be loaded', async () => {
    fakeServer({
      'GET /admin/groups/1/permissions': () => ({ status: 403, body: { detail: 'Admin privileges required' } }),
    });
    open();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Load Error');
    expect(alert.textContent).toContain('Admin privileges required');
  });
});
