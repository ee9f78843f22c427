import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SYSTEM_REFRESH_MS } from '@hearth/protocol/admin-rules';
import { SystemTab } from './system/SystemTab';
import { systemResources } from './system-fixture';
import { renderAdminTab } from './test-admin';

afterEach(() => vi.useRealTimers());

const resourceReads = (requests: { path: string }[]) =>
  requests.filter((r) => r.path === '/api/admin/system/resources').length;

describe('System tab', () => {
  it('shows the grid, with gauges that warn above 60 % and alarm above 80 %', async () => {
    renderAdminTab(<SystemTab />, () => ({ status: 200, body: systemResources(60, 60.5, 80.1) }));
    const cpu = await screen.findByRole('meter', { name: 'CPU usage' });
    const memory = screen.getByRole('meter', { name: 'Memory usage' });
    const disk = screen.getByRole('meter', { name: 'Disk usage' });
    expect([cpu, memory, disk].map((m) => m.getAttribute('data-level'))).toEqual(['normal', 'warning', 'danger']);
    expect([cpu, memory, disk].map((m) => m.getAttribute('aria-valuenow'))).toEqual(['60', '60.5', '80.1']);
    for (const name of ['CPU', 'Memory', 'Disk', 'Network', 'System Information', 'CoTurn'])
      expect(screen.getByRole('region', { name })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'CoTurn' })).getByText('running')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'CPU' })).getByText('2.40 GHz')).toBeTruthy();
  });

  it("says when the last backup was taken, or 'No backup taken yet'", async () => {
    const taken = '2026-03-04T05:06:07.000Z';
    let lastTakenAt: string | null = null;
    renderAdminTab(<SystemTab />, () => ({
      status: 200,
      body: { ...systemResources(10, 20, 30), backup: { last_taken_at: lastTakenAt } },
    }));
    const card = await screen.findByRole('region', { name: 'Backups' });
    expect(within(card).getByText('No backup taken yet')).toBeTruthy();
    lastTakenAt = taken;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const time = await within(card).findByText(new Date(taken).toLocaleString());
    expect(time.closest('time')?.getAttribute('datetime')).toBe(taken);
    expect(within(card).queryByText('No backup taken yet')).toBeNull();
  });

  it('reads the resources again every 10 s until Auto-refresh is turned off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let cpu = 10;
    const requests = renderAdminTab(<SystemTab />, () => ({ status: 200, body: systemResources(cpu, 20, 30) }));
    const meter = await screen.findByRole('meter', { name: 'CPU usage' });
    expect(resourceReads(requests)).toBe(1);
    cpu = 65;
    await act(() => vi.advanceTimersByTimeAsync(SYSTEM_REFRESH_MS));
    await waitFor(() => expect(meter.getAttribute('aria-valuenow')).toBe('65'));
    expect(meter.getAttribute('data-level')).toBe('warning');
    expect(resourceReads(requests)).toBe(2);

    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const toggle = screen.getByRole('switch', { name: 'Auto-refresh' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await act(() => vi.advanceTimersByTimeAsync(3 * SYSTEM_REFRESH_MS));
    expect(resourceReads(requests)).toBe(2);
  });

  it("says 'Failed to fetch system resources' when they cannot be read", async () => {
    renderAdminTab(<SystemTab />, () => ({ status: 500 }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch system resources');
  });

  it('debugs voice sessions, and reports the failures of restart and clean-up', async () => {
    const requests = renderAdminTab(<SystemTab />, (req) => {
      if (req.path === '/api/admin/voice/sessions/debug')
        return {
          status: 200,
          body: { success: true, total_sessions: 3, active_sessions: 2, active_by_channel: { '12': 2 } },
        };
      if (req.path === '/api/admin/coturn/restart')
        return { status: 200, body: { success: false, message: 'Not restarted', error: 'An external TURN relay' } };
      if (req.path === '/api/admin/voice/cleanup-sessions') return { status: 500 };
      return { status: 200, body: systemResources(1, 2, 3) };
    });
    await screen.findByRole('meter', { name: 'CPU usage' });
    await userEvent.click(screen.getByRole('button', { name: 'Debug Voice Sessions' }));
    const debug = await screen.findByRole('region', { name: 'Voice sessions' });
    expect(debug.textContent).toContain('Total sessions3');
    expect(debug.textContent).toContain('Active sessions2');
    expect(debug.textContent).toContain('Channel 12: 2 people');

    await userEvent.click(screen.getByRole('button', { name: 'Restart CoTurn' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restart' }));
    const refused = await screen.findByRole('alert');
    expect(refused.textContent).toContain('Failed to restart CoTurn server');
    expect(refused.textContent).toContain('An external TURN relay');

    await userEvent.click(screen.getByRole('button', { name: 'Clean Up Voice Sessions' }));
    await waitFor(() =>
      expect(
        screen.getAllByRole('alert').some((a) => a.textContent?.includes('Failed to cleanup voice sessions')),
      ).toBe(true),
    );
    expect(requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      '/api/admin/coturn/restart',
      '/api/admin/voice/cleanup-sessions',
    ]);
  });
});
