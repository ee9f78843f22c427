import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AnnouncementsTab } from './AnnouncementsTab';
import { AppVersionTab } from './AppVersionTab';
import { AuditLogTab } from './AuditLogTab';
import { DataReportsTab } from './DataReportsTab';
import { narrowWindow, renderAdminTab } from './test-admin';

describe('Announcements tab', () => {
  it("needs a title and a content, then says 'Guardian announcement sent to {n} users'", async () => {
    const requests = renderAdminTab(<AnnouncementsTab />, () => ({
      status: 200,
      body: { message: 'sent', sent_count: 12 },
    }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Guardian Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Guardian Announcement' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(within(dialog).getByText('Title cannot be empty')).toBeTruthy();
    expect(within(dialog).getByText('Content cannot be empty')).toBeTruthy();
    expect(requests).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Maintenance');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'Down at *noon*');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    expect(await screen.findByText('Guardian announcement sent to 12 users')).toBeTruthy();
    expect(requests).toMatchObject([
      {
        method: 'POST',
        path: '/api/admin/guardian/send-announcement',
        body: { title: 'Maintenance', content: 'Down at *noon*', message_type: 'admin_announcement' },
      },
    ]);
  });

  it("says 'Guardian Announcement Error' with the fallback when the server gives no reason", async () => {
    renderAdminTab(<AnnouncementsTab />, () => ({ status: 502 }));
    await userEvent.click(screen.getByRole('button', { name: 'Send Guardian Announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Guardian Announcement' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hi');
    await userEvent.type(within(dialog).getByLabelText('Content'), 'There');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send Announcement' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Guardian Announcement Error');
    expect(alert.textContent).toContain('Failed to send Guardian announcement');
  });
});

describe('App Version tab', () => {
  it('updates only to a new version, after confirming', async () => {
    const requests = renderAdminTab(<AppVersionTab />, (req) =>
      req.method === 'PUT' ? { status: 200, body: { version: '0.3.0' } } : { status: 200, body: { version: '0.2.4' } },
    );
    expect(await screen.findByText('0.2.4')).toBeTruthy();
    const field = screen.getByLabelText('New Version');
    const update = screen.getByRole('button', { name: 'Update Version' });
    expect(field.getAttribute('placeholder')).toBe('e.g. 0.1.2');
    expect(update.hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, ' 0.2.4 ');
    expect(update.hasAttribute('disabled')).toBe(true);
    await userEvent.clear(field);
    await userEvent.type(field, '0.3.0');
    expect(update.hasAttribute('disabled')).toBe(false);
    await userEvent.click(update);
    const confirm = await screen.findByRole('alertdialog', { name: 'Update App Version' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await userEvent.click(update);
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('App version updated to 0.3.0')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toMatchObject([
      { path: '/api/admin/app-version', body: { version: '0.3.0' } },
    ]);
  });

  it("says 'Please enter a valid version' (Invalid Version) for a blank one sent with Enter", async () => {
    renderAdminTab(<AppVersionTab />, () => ({ status: 200, body: { version: '0.2.4' } }));
    await screen.findByText('0.2.4');
    await userEvent.type(screen.getByLabelText('New Version'), '   {Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid Version');
    expect(alert.textContent).toContain('Please enter a valid version');
  });
});

describe('Data Reports tab', () => {
  const report = (id: number, username: string) => ({
    id,
    user_id: id,
    username,
    device_info: { platform: 'Linux x86_64', userAgent: 'UA', language: 'en-GB', screen: { width: 1280, height: 800 } },
    user_agent: 'Mozilla/5.0 Test',
    ip_address: null,
    timezone: 'Europe/London',
    language: 'en-GB',
    collected_at: '2026-01-01T12:00:00.000Z',
  });

  it('lists the reports, deletes one, and deletes all after confirming', async () => {
    let reports = [report(1, 'bob'), report(2, 'eve')];
    const requests = renderAdminTab(<DataReportsTab />, (req) => {
      if (req.method === 'GET') return { status: 200, body: { reports } };
      if (req.path === '/api/admin/data-collection/reports/1') {
        reports = reports.filter((r) => r.id !== 1);
        return { status: 200, body: { message: 'Deleted 1 reports', deleted: 1 } };
      }
      reports = [];
      return { status: 200, body: { message: 'Deleted 1 reports', deleted: 1 } };
    });
    const table = await screen.findByRole('table', { name: 'Data Collection Reports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['User', 'Device', 'User Agent', 'IP Address', 'Timezone', 'Language', 'Collected At', 'Actions']);
    const bob = within(table).getByRole('row', { name: /\bbob\b/ });
    expect(bob.textContent).toContain('Linux x86_64, 1280×800');
    expect(bob.textContent).toContain('N/A');
    await userEvent.click(within(bob).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('row', { name: /\bbob\b/ })).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Delete All' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete All' }));
    expect(await screen.findByText('No data collection reports')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/admin/data-collection/reports/1',
      '/api/admin/data-collection/reports',
    ]);
  });

  it('shows each report as a card of name and value pairs on a phone, with its Delete', async () => {
    const restore = narrowWindow();
    try {
      renderAdminTab(<DataReportsTab />, () => ({ status: 200, body: { reports: [report(1, 'bob')] } }));
      const list = await screen.findByRole('list', { name: 'Data Collection Reports' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(list).getByRole('listitem');
      expect(within(card).getByText('bob')).toBeTruthy();
      const pairs = within(card)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
      expect(pairs).toEqual([
        ['Device', 'Linux x86_64, 1280×800'],
        ['User Agent', 'Mozilla/5.0 Test'],
        ['IP Address', 'N/A'],
        ['Timezone', 'Europe/London'],
        ['Language', 'en-GB'],
        ['Collected At', new Date('2026-01-01T12:00:00.000Z').toLocaleString()],
      ]);
      expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    } finally {
      restore();
    }
  });
});

describe('Audit Log tab', () => {
  it('lists who did what to whom, and pages back on request', async () => {
    const entry = (id: number) => ({
      id,
      admin_id: 1,
      admin_username: 'root',
      action: 'suspend',
      target_user_id: 3,
      target_username: 'bob',
      details: { reason: `reason ${id}` },
      created_at: '2026-01-01T12:00:00.000Z',
    });
    const requests = renderAdminTab(<AuditLogTab />, (req) => {
      const before = new URL(req.path, 'http://x').searchParams.get('before');
      const first = before === null ? 100 : Number(before) - 1;
      const count = before === null ? 50 : 3;
      return { status: 200, body: { entries: Array.from({ length: count }, (_, i) => entry(first - i)) } };
    });
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    expect(within(table).getAllByRole('row')).toHaveLength(51);
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('rootSuspendedbobreason: reason 100');
    await userEvent.click(screen.getByRole('button', { name: 'Load Older' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(54));
    expect(requests.map((r) => r.path)).toEqual(['/api/admin/audit?limit=50', '/api/admin/audit?limit=50&before=51']);
    expect(screen.queryByRole('button', { name: 'Load Older' })).toBeNull();
  });

  it('shows each entry as a card on a phone, leaving out details it has none of', async () => {
    const restore = narrowWindow();
    try {
      const entry = (id: number, details: Record<string, string>) => ({
        id,
        admin_id: 1,
        admin_username: 'root',
        action: 'demote',
        target_user_id: 3,
        target_username: 'bob',
        details,
        created_at: '2026-01-01T12:00:00.000Z',
      });
      renderAdminTab(<AuditLogTab />, () => ({
        status: 200,
        body: { entries: [entry(2, {}), entry(1, { from: 'ADMIN' })] },
      }));
      const list = await screen.findByRole('list', { name: 'Audit Log' });
      const terms = within(list)
        .getAllByRole('listitem')
        .map((card) =>
          within(card)
            .getAllByRole('term')
            .map((term) => term.textContent),
        );
      expect(terms).toEqual([
        ['Admin', 'Action', 'Target'],
        ['Admin', 'Action', 'Target', 'Details'],
      ]);
      expect(within(list).getAllByText('Demoted')).toHaveLength(2);
      expect(within(list).getByText('from: ADMIN')).toBeTruthy();
    } finally {
      restore();
    }
  });
});
