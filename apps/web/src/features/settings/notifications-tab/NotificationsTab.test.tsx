import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithServices } from '../../../test/render';
import { stubFetch } from '../../../test/fake-fetch';
import NotificationsTab from './NotificationsTab';

afterEach(() => localStorage.clear());

describe('Notifications tab', () => {
  it('turns message notifications off on the account', async () => {
    const requests = stubFetch((req) =>
      req.method === 'GET'
        ? { status: 200, body: { message_notifications_enabled: true } }
        : { status: 200, body: { message_notifications_enabled: false } },
    );
    renderWithServices(<NotificationsTab />);
    const toggle = screen.getByRole('switch', { name: 'Message Notifications' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await userEvent.click(toggle);
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')).toMatchObject({
      path: '/api/user/notification-settings',
      body: { message_notifications_enabled: false },
    });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it("puts the switch back and says 'Failed to update system notification settings' when the server refuses", async () => {
    stubFetch((req) =>
      req.method === 'GET'
        ? { status: 200, body: { message_notifications_enabled: true } }
        : { status: 500, body: { detail: 'Internal error' } },
    );
    renderWithServices(<NotificationsTab />);
    const toggle = screen.getByRole('switch', { name: 'Message Notifications' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await userEvent.click(toggle);
    expect(await screen.findByText('Failed to update system notification settings')).toBeTruthy();
    expect(screen.getByText('Update Settings Failed')).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
  });

  it('offers the three sound themes, starting with Default Ding, and stores the choice', async () => {
    stubFetch(() => ({ status: 200, body: { message_notifications_enabled: true } }));
    renderWithServices(<NotificationsTab />);
    const select = screen.getByRole('combobox', { name: 'Sound Theme' }) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Default Ding', 'Bell Sound', 'Generated Beeps']);
    expect(select.value).toBe('default');
    await userEvent.selectOptions(select, 'bell');
    expect(localStorage.getItem('soundTheme')).toBe('bell');
  });

  it('says when the browser cannot receive push, and sends no test', async () => {
    stubFetch(() => ({ status: 200, body: { message_notifications_enabled: true } }));
    renderWithServices(<NotificationsTab />);
    // jsdom has no service worker or PushManager.
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send Test Notification' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Push Notifications on This Browser' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
