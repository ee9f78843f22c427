import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PrivacySettings } from '@hearth/protocol';
import { ACCOUNT_TEXT } from '@hearth/protocol/account-rules';
import { stubFetch, type Request } from '../../test/fake-fetch';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { PrivacyTab } from './PrivacyTab';

let settings: PrivacySettings;
let requests: Request[];

beforeEach(() => {
  settings = {
    friend_request_privacy: 'anyone',
    profile_blur_enabled: false,
    friend_request_cooldown_enabled: true,
    data_collection_enabled: true,
    login_alerts_enabled: false,
    email: null,
  };
  requests = stubFetch((req) => {
    if (req.method === 'GET' && req.path === '/api/privacy/settings') return { status: 200, body: settings };
    if (req.method === 'PUT' && req.path === '/api/privacy/settings') {
      const patch = req.body as Partial<PrivacySettings>;
      if (patch.login_alerts_enabled && !settings.email)
        return { status: 400, body: { detail: ACCOUNT_TEXT.loginAlertsNeedEmail } };
      settings = { ...settings, ...patch };
      return { status: 200, body: settings };
    }
    return undefined;
  });
});

const alerts = () => screen.findByRole('switch', { name: 'New Device Login Alerts' });

describe('Privacy & Safety: Safety', () => {
  it('keeps New Device Login Alerts disabled, and says why, until the account has an email address', async () => {
    renderWithServices(<PrivacyTab />, testServices({ user: user() }));
    expect(await screen.findByRole('heading', { name: 'Safety' })).toBeTruthy();
    const toggle = await alerts();
    expect(toggle).toHaveProperty('disabled', true);
    expect(screen.getByText(ACCOUNT_TEXT.loginAlertsNeedEmail, { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add an email address' })).toBeTruthy();
  });

  it('turns them on at once with an address', async () => {
    settings.email = 'me@example.test';
    const clicker = userEvent.setup();
    renderWithServices(<PrivacyTab />, testServices({ user: user() }));
    const toggle = await alerts();
    expect(toggle).toHaveProperty('disabled', false);
    expect(screen.queryByText(ACCOUNT_TEXT.loginAlertsNeedEmail, { exact: false })).toBeNull();
    await clicker.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ login_alerts_enabled: true });
  });

  it("shows the server's refusal when the address went away meanwhile, and turns the switch back off", async () => {
    settings.email = 'me@example.test';
    const clicker = userEvent.setup();
    renderWithServices(<PrivacyTab />, testServices({ user: user() }));
    const toggle = await alerts();
    settings.email = null; // removed in another tab
    await clicker.click(toggle);
    expect((await screen.findByRole('alert')).textContent).toContain(ACCOUNT_TEXT.loginAlertsNeedEmail);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
  });
});
