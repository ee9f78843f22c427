import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT, formatBytes, STORAGE_LIMIT_BYTES, verificationSentText } from '@hearth/protocol/account-rules';
import { SESSION_EXPIRED_KEY } from '../../../lib/auth-store';
import { stubFetch, type Reply, type Request } from '../../../test/fake-fetch';
import { user } from '../../../test/factories';
import { renderWithServices, testServices } from '../../../test/render';
import AccountTab from './AccountTab';

/** A small stand-in for the server's account routes. */
interface FakeAccount {
  usedBytes: number;
  email: string | null;
  verified: boolean;
  pending: boolean;
}

let account: FakeAccount;
let requests: Request[];
/** Answers a request before the fake account does (a failure, say). */
let override: (req: Request) => Reply | undefined | Promise<Reply | undefined>;

const ok = (body: unknown): Reply => ({ status: 200, body });
const refused = (detail: string, status = 400): Reply => ({ status, body: { detail } });

function storage(used: number) {
  const percentage = Math.round((used / STORAGE_LIMIT_BYTES) * 1000) / 10;
  return {
    used_bytes: used,
    limit_bytes: STORAGE_LIMIT_BYTES,
    available_bytes: STORAGE_LIMIT_BYTES - used,
    percentage,
    used_formatted: formatBytes(used),
    limit_formatted: formatBytes(STORAGE_LIMIT_BYTES),
    available_formatted: formatBytes(STORAGE_LIMIT_BYTES - used),
  };
}

function answer(req: Request): Reply | undefined {
  const body = (req.body ?? {}) as Record<string, string>;
  switch (`${req.method} ${req.path}`) {
    case 'GET /api/upload/storage-info':
      return ok(storage(account.usedBytes));
    case 'POST /api/admin/recalculate-my-storage': {
      const old = account.usedBytes;
      account.usedBytes = 8 * 1024 * 1024;
      return ok({
        old_usage_formatted: formatBytes(old),
        actual_usage_formatted: formatBytes(account.usedBytes),
        old_usage_bytes: old,
        actual_usage_bytes: account.usedBytes,
        difference: account.usedBytes - old,
        message: 'recalculated',
      });
    }
    case 'GET /api/user/email-status':
      return ok({ email: account.email, email_verified: account.verified, has_pending_verification: account.pending });
    case 'PUT /api/user/update-email':
      if (body.email === 'taken@example.test') return refused(ACCOUNT_TEXT.emailInUse, 409);
      Object.assign(account, { email: body.email, verified: false, pending: true });
      return ok({ message: verificationSentText(body.email!) });
    case 'POST /api/user/verify-email':
      if (body.verification_code !== '123456') return refused(ACCOUNT_TEXT.codeWrong);
      Object.assign(account, { verified: true, pending: false });
      return ok({ message: ACCOUNT_TEXT.emailVerified });
    case 'POST /api/user/resend-email-verification':
      return ok({ message: ACCOUNT_TEXT.codeResent });
    case 'DELETE /api/user/remove-email':
      Object.assign(account, { email: null, verified: false, pending: false });
      return ok({ message: ACCOUNT_TEXT.emailRemoved });
    case 'PUT /api/user/update-username':
      if (body.username === 'taken') return refused('Username is already taken', 409);
      return ok({ username: body.username, message: ACCOUNT_TEXT.usernameUpdated });
    case 'PUT /api/user/update-password':
      if (body.current_password !== 'secret1') return refused(ACCOUNT_TEXT.currentPasswordWrong);
      return ok({ message: ACCOUNT_TEXT.passwordUpdated });
    case 'DELETE /api/user/delete-account':
      return ok({ message: ACCOUNT_TEXT.accountDeleted });
  }
  return undefined;
}

beforeEach(() => {
  account = { usedBytes: 12 * 1024 * 1024, email: null, verified: false, pending: false };
  override = () => undefined;
  requests = stubFetch(async (req) => (await override(req)) ?? answer(req));
});

function renderTab() {
  return renderWithServices(<AccountTab />, testServices({ user: user() }));
}

const section = (name: string) => screen.getByRole('heading', { name }).closest('section, form') as HTMLElement;
const writes = (path: string) => requests.filter((r) => r.method !== 'GET' && r.path === `/api${path}`);

describe('storage', () => {
  it.each([
    [100 * 1024 * 1024, 'normal'],
    [Math.round(STORAGE_LIMIT_BYTES * 0.76), 'warning'],
    [Math.round(STORAGE_LIMIT_BYTES * 0.91), 'danger'],
  ])('shows %i bytes as used of the limit, with the bar %s', async (used, level) => {
    account.usedBytes = used;
    renderTab();
    const bar = await screen.findByRole('progressbar', { name: 'Storage used' });
    expect(bar.getAttribute('data-level')).toBe(level);
    expect(section('Storage').textContent).toContain(`${formatBytes(used)} of 1 GB used`);
  });

  it('recalculates and says what changed, then shows the new use', async () => {
    const clicker = userEvent.setup();
    renderTab();
    await screen.findByText('12 MB of 1 GB used');
    await clicker.click(screen.getByRole('button', { name: 'Recalculate' }));
    expect(await screen.findByText('Storage recalculated! Previous: 12 MB, Current: 8 MB')).toBeTruthy();
    expect(await screen.findByText('8 MB of 1 GB used')).toBeTruthy();
  });

  it("shows the spec's fallback when the server says nothing of its own", async () => {
    const clicker = userEvent.setup();
    override = (req) => (req.path === '/api/admin/recalculate-my-storage' ? { status: 500 } : undefined);
    renderTab();
    await clicker.click(await screen.findByRole('button', { name: 'Recalculate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ACCOUNT_TEXT.recalculateFailed);
  });
});

describe('username', () => {
  it("checks the spec's three rules here, sends nothing until they pass, and shows the server's refusal", async () => {
    const clicker = userEvent.setup();
    renderTab();
    const form = section('Username');
    const input = within(form).getByRole('textbox', { name: 'New Username' });
    const submit = within(form).getByRole('button', { name: 'Change Username' });
    for (const [typed, text] of [
      ['ab', 'Username must be at least 3 characters long'],
      ['a'.repeat(21), 'Username must be no more than 20 characters long'],
      ['bad name!', 'Username can only contain letters, numbers, underscores, and hyphens'],
    ]) {
      await clicker.clear(input);
      await clicker.type(input, typed!);
      await clicker.click(submit);
      expect(within(form).getByRole('alert').textContent).toBe(text);
    }
    expect(writes('/user/update-username')).toHaveLength(0);
    await clicker.clear(input);
    await clicker.type(input, 'taken');
    await clicker.click(submit);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Username is already taken'));
  });

  it('shows Saving... meanwhile, says it worked, and signs out 2 s later', async () => {
    const clicker = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    override = async (req) => {
      if (req.path === '/api/user/update-username') await held;
      return undefined;
    };
    const { services } = renderTab();
    const form = section('Username');
    await clicker.type(within(form).getByRole('textbox', { name: 'New Username' }), 'alice_2');
    await clicker.click(within(form).getByRole('button', { name: 'Change Username' }));
    expect(within(form).getByRole('button', { name: 'Saving...' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(ACCOUNT_TEXT.usernameUpdated));
    const savedAt = Date.now();
    expect(writes('/user/update-username')[0]!.body).toEqual({ username: 'alice_2' });
    expect(within(form).getByRole('button', { name: 'Change Username' })).toHaveProperty('disabled', true);
    expect(services.auth.get()).not.toBeNull();
    await waitFor(() => expect(services.auth.get()).toBeNull());
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1_900);
    // Not a lost session: the login form has nothing to explain.
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBeNull();
  });
});

describe('email address', () => {
  it('goes from none to added with a code, verified, then removed', async () => {
    const clicker = userEvent.setup();
    const { services } = renderTab();
    services.queryClient.setQueryData(['privacy', 'settings'], { email: null });
    const box = await waitFor(() => {
      const s = section('Email Address');
      expect(s.textContent).toContain('No email address is set.');
      return s;
    });
    const address = within(box).getByRole('textbox', { name: 'Email Address' });

    // The address is checked here first.
    await clicker.type(address, 'not-an-address');
    await clicker.click(within(box).getByRole('button', { name: 'Add Email' }));
    expect(within(box).getByRole('alert').textContent).toBe('Please enter a valid email address');
    expect(writes('/user/update-email')).toHaveLength(0);

    // Taken: the server's text.
    await clicker.clear(address);
    await clicker.type(address, 'taken@example.test');
    await clicker.click(within(box).getByRole('button', { name: 'Add Email' }));
    await waitFor(() => expect(within(box).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.emailInUse));

    await clicker.clear(address);
    await clicker.type(address, ' me@example.test ');
    await clicker.click(within(box).getByRole('button', { name: 'Add Email' }));
    await waitFor(() =>
      expect(within(box).getByRole('status').textContent).toBe(verificationSentText('me@example.test')),
    );
    expect(writes('/user/update-email').at(-1)!.body).toEqual({ email: 'me@example.test' });
    expect(box.textContent).toContain('me@example.testNot verified');
    // Login alerts read the address: the privacy settings are fetched again.
    expect(services.queryClient.getQueryState(['privacy', 'settings'])?.isInvalidated).toBe(true);

    // A code of the wrong length never leaves; a wrong one is the server's; Resend says it sent one.
    const code = await within(box).findByRole('textbox', { name: 'Verification Code' });
    expect(box.textContent).toContain('Enter the 6-character code sent to me@example.test.');
    await clicker.type(code, '123');
    await clicker.click(within(box).getByRole('button', { name: 'Verify' }));
    expect(within(box).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.codeLength);
    expect(writes('/user/verify-email')).toHaveLength(0);
    await clicker.type(code, '000');
    await clicker.click(within(box).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(box).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.codeWrong));
    await clicker.click(within(box).getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(within(box).getByRole('status').textContent).toBe(ACCOUNT_TEXT.codeResent));
    await clicker.clear(code);
    await clicker.type(code, '123456');
    await clicker.click(within(box).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(within(box).getByRole('status').textContent).toBe(ACCOUNT_TEXT.emailVerified));
    await waitFor(() => expect(box.textContent).toContain('me@example.testVerified'));
    expect(within(box).queryByRole('textbox', { name: 'Verification Code' })).toBeNull();

    // Remove asks first.
    await clicker.click(within(box).getByRole('button', { name: 'Remove Email' }));
    await clicker.click(await screen.findByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(box).getByRole('status').textContent).toBe(ACCOUNT_TEXT.emailRemoved));
    await waitFor(() => expect(box.textContent).toContain('No email address is set.'));
  });

  it('changes a verified address, which then needs verifying again; Cancel leaves it', async () => {
    Object.assign(account, { email: 'old@example.test', verified: true });
    const clicker = userEvent.setup();
    renderTab();
    const box = section('Email Address');
    await waitFor(() => expect(box.textContent).toContain('old@example.testVerified'));
    await clicker.click(within(box).getByRole('button', { name: 'Change Email' }));
    await clicker.click(within(box).getByRole('button', { name: 'Cancel' }));
    expect(within(box).queryByRole('textbox', { name: 'New Email Address' })).toBeNull();
    await clicker.click(within(box).getByRole('button', { name: 'Change Email' }));
    await clicker.type(within(box).getByRole('textbox', { name: 'New Email Address' }), 'new@example.test');
    await clicker.click(within(box).getByRole('button', { name: 'Save Email' }));
    await waitFor(() => expect(box.textContent).toContain('new@example.testNot verified'));
    expect(within(box).getByRole('textbox', { name: 'Verification Code' })).toBeTruthy();
  });

  it("shows the spec's failure text when the server gives none", async () => {
    override = (req) => (req.path === '/api/user/update-email' ? { status: 500 } : undefined);
    const clicker = userEvent.setup();
    renderTab();
    const box = section('Email Address');
    await clicker.type(await within(box).findByRole('textbox', { name: 'Email Address' }), 'me@example.test');
    await clicker.click(within(box).getByRole('button', { name: 'Add Email' }));
    await waitFor(() => expect(within(box).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.updateEmailFailed));
  });
});

describe('password', () => {
  it("checks the spec's four texts in its order here, then the server's current-password check", async () => {
    const clicker = userEvent.setup();
    renderTab();
    const form = section('Change Password');
    const [current, next, confirm] = ['Current Password', 'New Password', 'Confirm New Password'].map(
      (name) => within(form).getByLabelText(name) as HTMLInputElement,
    );
    const submit = within(form).getByRole('button', { name: 'Change Password' });
    const attempt = async (values: [string, string, string]) => {
      for (const [input, value] of [
        [current!, values[0]],
        [next!, values[1]],
        [confirm!, values[2]],
      ] as const) {
        await clicker.clear(input);
        if (value) await clicker.type(input, value);
      }
      await clicker.click(submit);
    };
    for (const [values, text] of [
      [['secret1', 'another1', ''], 'Please fill in all password fields'],
      [['secret1', 'another1', 'another2'], 'New passwords do not match'],
      [['secret1', 'short', 'short'], 'New password must be at least 6 characters long'],
      [['secret1', 'secret1', 'secret1'], 'New password must be different from current password'],
    ] as const) {
      await attempt([...values]);
      expect(within(form).getByRole('alert').textContent).toBe(text);
    }
    expect(writes('/user/update-password')).toHaveLength(0);
    await attempt(['wrong-1', 'another1', 'another1']);
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.currentPasswordWrong));
  });

  it('says it worked, empties the fields and signs out soon after', async () => {
    const clicker = userEvent.setup();
    const { services } = renderTab();
    const form = section('Change Password');
    await clicker.type(within(form).getByLabelText('Current Password'), 'secret1');
    await clicker.type(within(form).getByLabelText('New Password'), 'another1');
    await clicker.type(within(form).getByLabelText('Confirm New Password'), 'another1');
    await clicker.click(within(form).getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(within(form).getByRole('status').textContent).toBe(ACCOUNT_TEXT.passwordUpdated));
    expect(writes('/user/update-password')[0]!.body).toEqual({ current_password: 'secret1', new_password: 'another1' });
    expect((within(form).getByLabelText('New Password') as HTMLInputElement).value).toBe('');
    expect(services.auth.get()).not.toBeNull();
    expect(services.auth.isEnding).toBe(true);
  });
});

describe('account deletion', () => {
  it('says it was cancelled at the confirm step and at the typing step', async () => {
    const clicker = userEvent.setup();
    renderTab();
    const box = section('Delete Account');
    await clicker.click(within(box).getByRole('button', { name: 'Delete Account' }));
    await clicker.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(box).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.deleteCancelled));
    await clicker.click(within(box).getByRole('button', { name: 'Delete Account' }));
    await clicker.click(await screen.findByRole('button', { name: 'Continue' }));
    await clicker.click(await within(box).findByRole('button', { name: 'Cancel' }));
    expect(within(box).getByRole('alert').textContent).toBe(ACCOUNT_TEXT.deleteCancelled);
    expect(within(box).queryByRole('textbox', { name: 'Type DELETE to confirm' })).toBeNull();
    expect(writes('/user/delete-account')).toHaveLength(0);
  });

  it('deletes only when DELETE is typed exactly, then signs out and says why at the login form', async () => {
    const clicker = userEvent.setup();
    const { services } = renderTab();
    const box = section('Delete Account');
    await clicker.click(within(box).getByRole('button', { name: 'Delete Account' }));
    await clicker.click(await screen.findByRole('button', { name: 'Continue' }));
    const typed = await within(box).findByRole('textbox', { name: 'Type DELETE to confirm' });
    for (const attempt of ['delete', 'DELETE ', 'Delete']) {
      await clicker.clear(typed);
      await clicker.type(typed, attempt);
      await clicker.click(within(box).getByRole('button', { name: 'Delete My Account' }));
      expect(within(box).getByRole('alert').textContent).toBe('You must type "DELETE" exactly to confirm');
    }
    expect(writes('/user/delete-account')).toHaveLength(0);
    await clicker.clear(typed);
    await clicker.type(typed, 'DELETE');
    await clicker.click(within(box).getByRole('button', { name: 'Delete My Account' }));
    await waitFor(() => expect(services.auth.get()).toBeNull());
    expect(writes('/user/delete-account')).toHaveLength(1);
    expect(localStorage.getItem(SESSION_EXPIRED_KEY)).toBe(ACCOUNT_TEXT.accountDeleted);
  });
});
