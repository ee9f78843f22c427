import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ChannelReadStatus } from '@hearth/protocol';
import { ServicesProvider } from '../../app/services';
import { user } from '../../test/factories';
import { testServices } from '../../test/render';
import { fakeServer, ok } from '../groups/test-utils';
import { makeMessage } from '../messages/test-messages';
import { readStatusKeys } from './queries';
import { readingOf } from './reading';
import { useMarkReadAtBottom } from './useMarkReadAtBottom';

const status = (extra: Partial<ChannelReadStatus> = {}): ChannelReadStatus => ({
  channel_id: 1,
  group_id: 1,
  unread_mentions: 0,
  has_unread: false,
  last_read_message_id: 3,
  last_read_at: null,
  ...extra,
});

function setUp(cached: ChannelReadStatus) {
  const calls = fakeServer({ 'POST /channel/1/mark-read': ok(status({ last_read_message_id: 9 })) });
  const services = testServices({ user: user() });
  services.queryClient.setQueryData(readStatusKeys.channels, [cached]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>{children}</QueryClientProvider>
    </ServicesProvider>
  );
  return { calls, services, wrapper };
}

// alice (id 7) reads; 8 is someone else.
const page = [makeMessage(3, { user_id: 8 }), makeMessage(4, { user_id: 8 }), makeMessage(5, { user_id: 7 })];
const posts = (calls: { method: string }[]) => calls.filter((c) => c.method === 'POST');

describe('useMarkReadAtBottom', () => {
  it('marks the latest message 200 ms after the bottom is reached, if someone else wrote after the mark', async () => {
    const { calls, wrapper } = setUp(status());
    const started = Date.now();
    renderHook(() => useMarkReadAtBottom(1, true, page), { wrapper });
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(posts(calls)[0]).toEqual({ method: 'POST', path: '/channel/1/mark-read', body: { message_id: 5 } });
  });

  it('marks nothing away from the bottom, or when only the reader wrote since the mark', async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 300));
    const away = setUp(status({ has_unread: true }));
    const first = renderHook(() => useMarkReadAtBottom(1, false, page), { wrapper: away.wrapper });
    await pause();
    expect(posts(away.calls)).toEqual([]);
    first.unmount();
    const mine = setUp(status({ last_read_message_id: 4 }));
    renderHook(() => useMarkReadAtBottom(1, true, page), { wrapper: mine.wrapper });
    await pause();
    expect(posts(mine.calls)).toEqual([]);
  });

  it('says which channel is being read at its newest message, while it is', () => {
    const { services, wrapper } = setUp(status());
    const view = renderHook(({ atLatest }) => useMarkReadAtBottom(1, atLatest, page), {
      wrapper,
      initialProps: { atLatest: true },
    });
    expect(readingOf(services.queryClient).channelId).toBe(1);
    view.rerender({ atLatest: false });
    expect(readingOf(services.queryClient).channelId).toBeNull();
  });
});
