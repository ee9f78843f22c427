import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/http';
import { makeMessage } from './test-messages';
import {
  offlinePages,
  RECENT_CHANNELS_MAX,
  RECENT_MESSAGES_MAX,
  recentMessagesKey,
  rememberNewest,
} from './recent-messages';

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));

describe('the newest messages kept for the offline shell', () => {
  it('answer a newest page when the network fails, and only then', async () => {
    const qc = new QueryClient();
    const shown = Array.from({ length: 40 }, (_, i) => makeMessage(i + 1));
    rememberNewest(qc, 5, shown);
    const kept = shown.slice(-RECENT_MESSAGES_MAX);

    const offline = offlinePages(qc, noNetwork);
    await expect(offline({ channelId: 5, limit: 30 })).resolves.toEqual(kept);
    // Older pages, other channels and refusals from the server are never answered from them.
    await expect(offline({ channelId: 5, limit: 30, before: 11 })).rejects.toThrow('Failed to fetch');
    await expect(offline({ channelId: 6, limit: 30 })).rejects.toThrow('Failed to fetch');
    const refused = offlinePages(qc, () => Promise.reject(new ApiError(403, 'No access')));
    await expect(refused({ channelId: 5, limit: 30 })).rejects.toThrow('No access');
    // With the network there, the server answers.
    await expect(offlinePages(qc, () => Promise.resolve([]))({ channelId: 5, limit: 30 })).resolves.toEqual([]);
  });

  it('are kept for the channels opened last', () => {
    vi.useFakeTimers();
    const qc = new QueryClient();
    for (let id = 1; id <= RECENT_CHANNELS_MAX + 2; id++) {
      vi.advanceTimersByTime(1);
      rememberNewest(qc, id, [makeMessage(id)]);
    }
    vi.useRealTimers();
    expect(qc.getQueryData(recentMessagesKey(1))).toBeUndefined();
    expect(qc.getQueryData(recentMessagesKey(2))).toBeUndefined();
    expect(qc.getQueryData(recentMessagesKey(3))).toHaveLength(1);
    expect(qc.getQueryCache().findAll({ queryKey: ['recent-messages'] })).toHaveLength(RECENT_CHANNELS_MAX);
  });
});
