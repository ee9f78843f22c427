import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { StorageTab } from './storage/StorageTab';
import { counter, renderAdminTab, storageRow } from './test-admin';

const MB = 1024 ** 2;
const ROWS = [
  storageRow(3, 'bob', 1024 * MB, 100),
  storageRow(4, 'eve', 950 * MB, 92.8),
  storageRow(5, 'mia', 800 * MB, 78.1),
  storageRow(6, 'zed', 10 * MB, 1),
];

describe('Storage tab', () => {
  it('counts Total (GB), Users, Near Limit and Avg Usage, and colours each bar', async () => {
    renderAdminTab(<StorageTab />, (req) =>
      req.path === '/api/admin/users/storage' ? { status: 200, body: { users: ROWS } } : undefined,
    );
    await screen.findByRole('table', { name: 'Storage per user' });
    expect([counter('Total'), counter('Users'), counter('Near Limit'), counter('Avg Usage')]).toEqual([
      '2.7 GB',
      '4',
      '2',
      '68.0%',
    ]);
    const bar = (name: string) => screen.getByRole('meter', { name: `Storage used by ${name}` });
    expect(['bob', 'eve', 'mia', 'zed'].map((n) => bar(n).getAttribute('data-level'))).toEqual([
      'high',
      'high',
      'medium',
      'low',
    ]);
    expect(bar('mia').getAttribute('aria-valuenow')).toBe('78.1');
    expect((bar('mia').firstElementChild as HTMLElement).style.width).toBe('78.1%');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search storage' }), 'bo');
    expect(screen.getByRole('status').textContent).toBe('1 of 4');
  });

  it('never draws a bar past its end', async () => {
    renderAdminTab(<StorageTab />, () => ({ status: 200, body: { users: [storageRow(3, 'bob', 2048 * MB, 200)] } }));
    const bar = await screen.findByRole('meter', { name: 'Storage used by bob' });
    expect((bar.firstElementChild as HTMLElement).style.width).toBe('100%');
    expect(bar.getAttribute('aria-valuetext')).toBe('2147483648 B of 1 GB (200%)');
  });

  it("recalculates one user and says 'Recalculated storage for {name}: {size} (+/-n bytes)'", async () => {
    const requests = renderAdminTab(<StorageTab />, (req) =>
      req.method === 'POST'
        ? {
            status: 200,
            body: {
              user_id: 4,
              username: 'eve',
              actual_usage: 0,
              actual_usage_formatted: '940 MB',
              difference: -10485760,
              message: 'ok',
            },
          }
        : { status: 200, body: { users: ROWS } },
    );
    const table = await screen.findByRole('table', { name: 'Storage per user' });
    const eve = within(table).getByRole('row', { name: /\beve\b/ });
    await userEvent.click(within(eve).getByRole('button', { name: 'Recalc' }));
    expect(await screen.findByText(ADMIN_TEXT.recalculated('eve', '940 MB', -10485760))).toBeTruthy();
    expect(screen.getByText('Recalculated storage for eve: 940 MB (-10485760 bytes)')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.path).toBe('/api/admin/recalculate-storage/4');
  });

  it('asks before Recalc All Storage, and says a failure under Storage Error', async () => {
    const requests = renderAdminTab(<StorageTab />, (req) =>
      req.method === 'POST' ? { status: 500 } : { status: 200, body: { users: ROWS } },
    );
    await screen.findByRole('table', { name: 'Storage per user' });
    await userEvent.click(screen.getByRole('button', { name: 'Recalc All Storage' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain(
      'Are you sure you want to recalculate storage for all users? This may take a while.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Recalculate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Storage Error');
    expect(alert.textContent).toContain('Failed to recalculate all storage');
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/recalculate-all-storage',
    ]);
  });

  it("says 'Failed to fetch storage data' when the list cannot be read, and Refresh reads it again", async () => {
    let ok = false;
    renderAdminTab(<StorageTab />, () => (ok ? { status: 200, body: { users: ROWS } } : { status: 500 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch storage data');
    ok = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Storage per user' })).toBeTruthy());
  });
});
