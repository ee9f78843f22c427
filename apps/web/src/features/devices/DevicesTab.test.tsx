import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@hearth/protocol';
import { DEVICE_FINGERPRINT_KEY } from '../../lib/device-fingerprint';
import { stubFetch, type Reply, type Request } from '../../test/fake-fetch';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import DevicesTab from './DevicesTab';

const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();

function device(id: number, overrides: Partial<Device> = {}): Device {
  return {
    id,
    device_name: 'Firefox on Windows',
    device_fingerprint: `fp-${id}`,
    ip_address: `10.0.0.${id}`,
    last_used_at: ago(3600 * id),
    created_at: ago(86_400 * id),
    is_active: true,
    ...overrides,
  };
}

let list: Device[];
let requests: Request[];
let onWrite: (req: Request) => Reply;

beforeEach(() => {
  localStorage.setItem(DEVICE_FINGERPRINT_KEY, 'fp-here');
  list = [device(1), device(2, { device_fingerprint: 'fp-here' }), device(3)];
  onWrite = () => ({ status: 204 });
  requests = stubFetch((req) => {
    if (req.method === 'GET' && req.path === '/api/auth/devices') return { status: 200, body: { devices: list } };
    return onWrite(req);
  });
});
afterEach(() => vi.useRealTimers());

function renderTab() {
  return renderWithServices(<DevicesTab />, testServices({ user: user() }));
}

const rows = () => within(screen.getByRole('list', { name: 'Authorized devices' })).getAllByRole('listitem');
const gets = () => requests.filter((r) => r.method === 'GET').length;

describe('DevicesTab', () => {
  it('lists the devices with this one first and marked, and Revoke on the others only', async () => {
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Authorized Devices' })).toBeTruthy();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const [first, second, third] = rows();
    expect(first!.textContent).toContain('Current Device');
    expect(first!.textContent).toContain('10.0.0.2');
    expect(within(first!).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(second!.textContent).toContain('10.0.0.1');
    expect(third!.textContent).toContain('10.0.0.3');
    for (const row of [second!, third!]) expect(within(row).getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Revoke All Other Devices' })).toBeTruthy();
    expect(screen.getByText(/These devices are signed in to your account/)).toBeTruthy();
  });

  it("titles a device stored with a blank name 'Unknown device'", async () => {
    list = [device(1, { device_name: '  ' }), device(2, { device_fingerprint: 'fp-here' })];
    renderTab();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.querySelector('p')!.textContent).toBe('Unknown device');
  });

  it('revokes a device, then shows it as Revocation Pending without a Revoke button', async () => {
    const clicker = userEvent.setup();
    onWrite = (req) => {
      if (req.method === 'DELETE' && req.path === '/api/auth/devices/3') {
        list = list.map((d) => (d.id === 3 ? { ...d, is_active: false } : d));
        return { status: 204 };
      }
      return { status: 500, body: { detail: 'unexpected' } };
    };
    renderTab();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await clicker.click(within(rows()[2]!).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(rows()[2]!.textContent).toContain('Revocation Pending'));
    expect(within(rows()[2]!).queryByRole('button', { name: 'Revoke' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Firefox on Windows was revoked');
  });

  it('fetches the list again every 30 s while a device is pending, and stops after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    list = [device(1, { device_fingerprint: 'fp-here' }), device(2, { is_active: false })];
    renderTab();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]!.textContent).toContain('Revocation Pending');
    const before = gets();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(gets()).toBe(before);
    list = [device(1, { device_fingerprint: 'fp-here' })];
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(gets()).toBe(before + 1);
    await waitFor(() => expect(rows()).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(gets()).toBe(before + 1);
  });

  it('shows the server’s reason when a revoke fails, else the spec’s text', async () => {
    const clicker = userEvent.setup();
    onWrite = () => ({ status: 404, body: { detail: 'Device not found' } });
    renderTab();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await clicker.click(within(rows()[1]!).getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Device not found');
  });

  it('revokes all other devices with the stored refresh token, after a confirmation', async () => {
    const clicker = userEvent.setup();
    onWrite = (req) => {
      list = list.filter((d) => d.device_fingerprint === 'fp-here');
      return req.path === '/api/auth/devices/revoke-others'
        ? { status: 200, body: { revoked_count: 2 } }
        : { status: 500, body: {} };
    };
    renderTab();
    await clicker.click(await screen.findByRole('button', { name: 'Revoke All Other Devices' }));
    await clicker.click(await screen.findByRole('button', { name: 'Revoke All' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    const post = requests.find((r) => r.method === 'POST')!;
    expect(post.body).toEqual({ refresh_token: 'refresh' });
    expect(screen.getByRole('status').textContent).toContain('2 other devices were signed out');
    // One device left: no Revoke All.
    expect(screen.queryByRole('button', { name: 'Revoke All Other Devices' })).toBeNull();
  });

  it('says No refresh token found, and sends nothing, when this device has no refresh token', async () => {
    const clicker = userEvent.setup();
    const services = testServices({ user: user() });
    services.auth.set({ ...services.auth.get()!, refreshToken: '' });
    renderWithServices(<DevicesTab />, services);
    await clicker.click(await screen.findByRole('button', { name: 'Revoke All Other Devices' }));
    await clicker.click(await screen.findByRole('button', { name: 'Revoke All' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No refresh token found');
    expect(requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('says so when revoking all the others cannot reach the server', async () => {
    const clicker = userEvent.setup();
    onWrite = () => {
      throw new TypeError('Failed to fetch');
    };
    renderTab();
    await clicker.click(await screen.findByRole('button', { name: 'Revoke All Other Devices' }));
    await clicker.click(await screen.findByRole('button', { name: 'Revoke All' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Connection error. Please try again.');
  });

  it('says when there are no devices, and when the list cannot be loaded', async () => {
    list = [];
    const { unmount } = renderTab();
    expect(await screen.findByText('No authorized devices found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Revoke All Other Devices' })).toBeNull();
    unmount();
    stubFetch(() => {
      throw new Error('boom');
    });
    renderTab();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred');
  });
});
