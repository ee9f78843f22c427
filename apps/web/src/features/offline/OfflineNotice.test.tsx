import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { connectivity } from '../../app/connectivity';
import { renderWithServices, testServices } from '../../test/render';
import { stubFetch } from '../../test/fake-fetch';
import { OfflineNotice, OFFLINE_TEXT } from './OfflineNotice';

afterEach(() => act(() => connectivity.report(true)));

describe('OfflineNotice', () => {
  it('says so while the server cannot be reached, and then fetches again what the screen shows', () => {
    const services = testServices();
    const refetch = vi.spyOn(services.queryClient, 'refetchQueries');
    const reconnect = vi.spyOn(services.live, 'onOnline');
    renderWithServices(<OfflineNotice />, services);
    // The status region is there from the start, empty, so the notice is announced when it comes.
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');

    act(() => connectivity.report(false));
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe(OFFLINE_TEXT);
    expect(refetch).not.toHaveBeenCalled();

    act(() => connectivity.report(true));
    expect(region.textContent).toBe('');
    expect(refetch).toHaveBeenCalledWith({ type: 'active', stale: true }, { cancelRefetch: false });
    expect(reconnect).toHaveBeenCalled();
  });

  it('asks the server when the browser says it went offline, and shows nothing while it answers', async () => {
    const requests = stubFetch(() => ({ status: 200, body: {} }));
    renderWithServices(<OfflineNotice />);
    act(() => void window.dispatchEvent(new Event('offline')));
    await waitFor(() => expect(requests.map((r) => r.path)).toEqual(['/api/version']));
    expect(screen.getByRole('status').textContent).toBe('');

    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText(OFFLINE_TEXT)).toBeTruthy();
  });
});
