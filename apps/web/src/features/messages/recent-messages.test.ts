import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/http';
import { makeMessage } from './test-messages';
import { RECENT_CHANNELS_MAX, recentMessagesKey, rememberingPages } from './recent-messages';

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the newest page kept for the offline shell', () => {
  it('answers a newest page when the network fails, and only then', async () => {
    const qc = new QueryClient();
    const page = [makeMessage(1), makeMessage(2)];
    await rememberingPages(qc, () => Promise.resolve(page))({ channelId: 5, limit: 30 });

    const offline = rememberingPages(qc, noNetwork);
    await expect(offline({ channelId: 5, limit: 30 })).resolves.toEqual(page);
    // Older pages, other channels and refusals from the server are never answered from it.
    await expect(offline({ channelId: 5, limit: 30, before: 1 })).rejects.toThrow('Failed to fetch');
    await expect(offline({ channelId: 6, limit: 30 })).rejects.toThrow('Failed to fetch');
    const refused = rememberingPages(qc, () => Promise.reject(new ApiError(403, 'No access')));
    await expect(refused({ channelId: 5, limit: 30 })).rejects.toThrow('No access');
  });

  it('keeps the channels opened last', async () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    for (let id = 1; id <= RECENT_CHANNELS_MAX + 2; id++) {
      vi.advanceTimersByTime(1);
      await rememberingPages(qc, () => Promise.resolve([makeMessage(id)]))({ channelId: id, limit: 30 });
    }
    vi.useRealTimers();
    expect(qc.getQueryData(recentMessagesKey(1))).toBeUndefined();
    expect(qc.getQueryData(recentMessagesKey(2))).toBeUndefined();
    expect(qc.getQueryData(recentMessagesKey(3))).toHaveLength(1);
    expect(qc.getQueryCache().findAll({ queryKey: ['recent-messages'] })).toHaveLength(RECENT_CHANNELS_MAX);
  });
});
