import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import type { Request } from '../../test/fake-fetch';
import { FINAL_BREACH_EVENT, type FinalBreachDetail } from './admin-errors';
import { adminUser, counter, renderAdminTab } from './test-admin';
import { UsersTab } from './users/UsersTab';

const USERS = [
  adminUser(1, 'root', 'ADMIN'),
  adminUser(2, 'mia', 'ADMIN'),
  adminUser(3, 'bob'),
  adminUser(4, 'eve', 'USER', true),
  // The server leaves Guardian out; should it not, the panel does.
  adminUser(5, 'guardian', 'SYSTEM'),
];

type Reply = { status: number; body?: unknown };

/** The users list, plus what the test answers to its one write. */
function serve(write: (req: Request) => Reply | undefined = () => undefined) {
  return renderAdminTab(<UsersTab />, (req) =>
    req.method === 'GET' && req.path === '/api/admin/users' ? { status: 200, body: { users: USERS } } : write(req),
  );
}

const row = (name: string) => screen.getByRole('row', { name: new RegExp(`\\b${name}\\b`) });
const writes = (requests: Request[]) => requests.filter((r) => r.method !== 'GET');

describe('Users tab', () => {
  it('counts Total, Admins, Suspended and Active, without Guardian', async () => {
    serve();
    await screen.findByRole('table', { name: 'Users' });
    expect([counter('Total'), counter('Admins'), counter('Suspended'), counter('Active')]).toEqual([
      '4',
      '2',
      '1',
      '3',
    ]);
    expect(screen.queryByText('guardian')).toBeNull();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'ID',
      'Username',
      'Role',
      'Actions',
    ]);
    // Promote for users, Demote for admins; Unsuspend for the suspended.
    expect(within(row('bob')).getByRole('button', { name: 'Promote' })).toBeTruthy();
    expect(within(row('mia')).getByRole('button', { name: 'Demote' })).toBeTruthy();
    expect(within(row('eve')).getByRole('button', { name: 'Unsuspend' })).toBeTruthy();
    expect(within(row('bob')).getByRole('button', { name: 'Suspend' })).toBeTruthy();
  });

  it("filters by name, ID or role and says 'n of total' while filtering", async () => {
    serve();
    await screen.findByRole('table', { name: 'Users' });
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search.getAttribute('placeholder')).toBe('Search users by name, ID, or role...');
    expect(screen.getByRole('status').textContent).toBe('');
    await userEvent.type(search, 'admin');
    expect(screen.getByRole('status').textContent).toBe('2 of 4');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    await userEvent.clear(search);
    await userEvent.type(search, '3');
    expect(screen.getByRole('status').textContent).toBe('1 of 4');
    expect(row('bob')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('No users found')).toBeTruthy();
  });

  it('raises the FINAL BREACH event instead of an error when the last admin would be demoted', async () => {
    const requests = serve((req) =>
      req.path === '/api/admin/users/2/demote' ? { status: 409, body: { detail: ADMIN_TEXT.finalBreach } } : undefined,
    );
    const raised: string[] = [];
    const listener = (event: Event) => raised.push((event as CustomEvent<FinalBreachDetail>).detail.message);
    window.addEventListener(FINAL_BREACH_EVENT, listener);
    try {
      await screen.findByRole('table', { name: 'Users' });
      await userEvent.click(within(row('mia')).getByRole('button', { name: 'Demote' }));
      await waitFor(() => expect(raised).toEqual([ADMIN_TEXT.finalBreach]));
      expect(writes(requests).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/admin/users/2/demote']);
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      window.removeEventListener(FINAL_BREACH_EVENT, listener);
    }
  });

  it("shows other demote failures with the server's detail, under 'Failed to demote user'", async () => {
    serve((req) =>
      req.path === '/api/admin/users/2/demote' ? { status: 400, body: { detail: ADMIN_TEXT.notYourself } } : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('mia')).getByRole('button', { name: 'Demote' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to demote user');
    expect(alert.textContent).toContain(ADMIN_TEXT.notYourself);
  });

  it('says nothing when a promotion fails, and the server’s text when one succeeds', async () => {
    let fail = true;
    const requests = serve((req) =>
      req.path === '/api/admin/users/3/promote'
        ? fail
          ? { status: 500, body: { detail: 'Internal error' } }
          : { status: 200, body: { message: ADMIN_TEXT.promoted('bob'), user: adminUser(3, 'bob', 'ADMIN') } }
        : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(writes(requests)).toHaveLength(1));
    // The list is read again after every write; by then any toast would be up.
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/admin/users')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status', { name: /bob/ })).toBeNull();
    fail = false;
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Promote' }));
    expect(await screen.findByText('bob is now an admin')).toBeTruthy();
  });

  it("checks the address before Set Email sends it, then says 'Email set successfully - user must verify it'", async () => {
    const requests = serve((req) =>
      req.path === '/api/admin/users/3/email'
        ? { status: 200, body: { message: ADMIN_TEXT.emailSet, user: USERS[2] } }
        : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Set Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Email' });
    const field = within(dialog).getByLabelText('Email Address');
    for (const bad of ['bob', 'bob@example', 'bob @example.com', 'bob<x>@example.com']) {
      await userEvent.clear(field);
      await userEvent.type(field, bad);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Set Email' }));
      expect(within(dialog).getByText('Please enter a valid email address')).toBeTruthy();
    }
    expect(writes(requests)).toEqual([]);
    await userEvent.clear(field);
    await userEvent.type(field, ' bob@example.com ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Email' }));
    expect(await screen.findByText('Email set successfully - user must verify it')).toBeTruthy();
    expect(writes(requests)).toMatchObject([{ method: 'PUT', body: { email: 'bob@example.com' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Set Email' })).toBeNull());
  });

  it("titles a refused address 'Email Error' with the server's detail", async () => {
    serve((req) =>
      req.path === '/api/admin/users/3/email' ? { status: 409, body: { detail: 'Email already in use' } } : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Set Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Email' });
    await userEvent.type(within(dialog).getByLabelText('Email Address'), 'bob@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set Email' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Email Error');
    expect(alert.textContent).toContain('Email already in use');
    // The dialog stays for another address.
    expect(screen.getByRole('dialog', { name: 'Set Email' })).toBeTruthy();
  });

  it("needs a reason to suspend ('Reason cannot be empty'), then says 'User {id} suspended'", async () => {
    const requests = serve((req) =>
      req.path === '/api/admin/users/3/suspend'
        ? { status: 200, body: { message: ADMIN_TEXT.suspended(3), user: adminUser(3, 'bob', 'USER', true) } }
        : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend User' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByText('Reason cannot be empty')).toBeTruthy();
    expect(writes(requests)).toEqual([]);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Spamming links');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('User 3 suspended')).toBeTruthy();
    expect(writes(requests)).toMatchObject([
      { path: '/api/admin/users/3/suspend', body: { reason: 'Spamming links' } },
    ]);
  });

  it("unsuspends at once ('User {id} unsuspended'), or says 'Unsuspend Error'", async () => {
    let ok = false;
    serve((req) =>
      req.path === '/api/admin/users/4/unsuspend'
        ? ok
          ? { status: 200, body: { message: ADMIN_TEXT.unsuspended(4), user: adminUser(4, 'eve') } }
          : { status: 502 }
        : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('eve')).getByRole('button', { name: 'Unsuspend' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Unsuspend Error');
    expect(alert.textContent).toContain('Failed to unsuspend user');
    ok = true;
    await userEvent.click(within(row('eve')).getByRole('button', { name: 'Unsuspend' }));
    expect(await screen.findByText('User 4 unsuspended')).toBeTruthy();
  });

  it('shows the activity, with N/A for what is missing and the reason of a suspension', async () => {
    serve((req) =>
      req.path === '/api/admin/users/4/activity'
        ? {
            status: 200,
            body: {
              user_id: 4,
              username: 'eve',
              last_login_at: null,
              last_login_ip: '203.0.113.9',
              last_login_device: null,
              is_suspended: true,
              suspend_reason: 'Spamming links',
            },
          }
        : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('eve')).getByRole('button', { name: 'Activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'User Activity' });
    const facts = [...dialog.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['User ID', '4'],
      ['Username', 'eve'],
      ['Last Login', 'N/A'],
      ['IP Address', '203.0.113.9'],
      ['Device', 'N/A'],
      ['Suspended', 'Yes'],
      ['Reason', 'Spamming links'],
    ]);
  });

  it("says 'Activity Error' when the activity cannot be read", async () => {
    serve();
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Activity' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Activity Error');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('sends a Guardian message with Ctrl+Enter once title and content are there', async () => {
    const requests = serve((req) =>
      req.path === '/api/admin/guardian/send-message'
        ? { status: 200, body: { detail: 'Guardian message sent', message_id: 1, channel_id: -1 } }
        : undefined,
    );
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Guardian Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Guardian Message' });
    const content = within(dialog).getByLabelText('Content');
    await userEvent.type(content, '{Control>}{Enter}{/Control}');
    expect(within(dialog).getByText('Title cannot be empty')).toBeTruthy();
    expect(within(dialog).getByText('Content cannot be empty')).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hello');
    await userEvent.type(content, '  Be **kind**.  ');
    await userEvent.type(content, '{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Guardian message sent to bob')).toBeTruthy();
    expect(writes(requests)).toMatchObject([
      { body: { user_id: 3, title: 'Hello', content: 'Be **kind**.', message_type: 'admin_message' } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Guardian Message' })).toBeNull());
  });

  it('closes the Guardian message dialog with Escape', async () => {
    serve();
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bob')).getByRole('button', { name: 'Guardian Message' }));
    await screen.findByRole('dialog', { name: 'Send Guardian Message' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Send Guardian Message' })).toBeNull());
  });

  it('asks before deleting, and raises FINAL BREACH for the last admin', async () => {
    const requests = serve((req) =>
      req.method === 'DELETE' && req.path === '/api/admin/users/3'
        ? { status: 200, body: { message: ADMIN_TEXT.deleted('bob'), user: USERS[2] } }
        : req.method === 'DELETE'
          ? { status: 409, body: { detail: ADMIN_TEXT.finalBreach } }
          : undefined,
    );
    const raised: string[] = [];
    const listener = (event: Event) => raised.push((event as CustomEvent<FinalBreachDetail>).detail.message);
    window.addEventListener(FINAL_BREACH_EVENT, listener);
    try {
      await screen.findByRole('table', { name: 'Users' });
      await userEvent.click(within(row('bob')).getByRole('button', { name: 'Delete' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete User' });
      expect(confirm.textContent).toContain('Are you sure you want to delete this user? This action cannot be undone.');
      await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      expect(writes(requests)).toEqual([]);

      await userEvent.click(within(row('bob')).getByRole('button', { name: 'Delete' }));
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      expect(await screen.findByText('User bob deleted')).toBeTruthy();

      await userEvent.click(within(row('root')).getByRole('button', { name: 'Delete' }));
      await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(raised).toEqual([ADMIN_TEXT.finalBreach]));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      window.removeEventListener(FINAL_BREACH_EVENT, listener);
    }
  });
});
