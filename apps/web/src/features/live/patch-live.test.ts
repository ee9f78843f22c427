import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchLive } from './patch-live';

/** A query whose fetches answer only when told, each with the server's state at the moment it was asked. */
function slowQuery() {
  const qc = new QueryClient();
  let server = ['old'];
  const pending: (() => void)[] = [];
  const fetches: string[][] = [];
  const fetchList = () =>
    new Promise<string[]>((resolve) => {
      const seen = [...server];
      fetches.push(seen);
      pending.push(() => resolve(seen));
    });
  return {
    qc,
    fetches,
    // Shown on screen (an observer), so it fetches: stale data at once, no data to begin with.
    start: () => void new QueryObserver(qc, { queryKey: ['list'], queryFn: fetchList }).subscribe(() => undefined),
    commit: (item: string) => (server = [...server, item]),
    answerAll: async () => {
      while (pending.length) pending.shift()!();
      await new Promise((r) => setTimeout(r, 0));
    },
  };
}

describe('patchLive', () => {
  it('patches the data, and a fetch begun before the event is replaced by one that sees it', async () => {
    const q = slowQuery();
    q.qc.setQueryData(['list'], ['old']);
    q.start(); // a resync's refetch, asked before the new item was committed
    q.commit('new'); // committed, then announced
    patchLive<string[]>(q.qc, ['list'], (list) => [...list, 'new']);
    expect(q.qc.getQueryData(['list'])).toEqual(['old', 'new']);
    await q.answerAll();
    await q.answerAll();
    expect(q.fetches).toEqual([['old'], ['old', 'new']]);
    expect(q.qc.getQueryData(['list'])).toEqual(['old', 'new']);
  });

  it('asks again for data still on its way when the event comes first', async () => {
    const q = slowQuery();
    q.start();
    q.commit('new');
    patchLive<string[]>(q.qc, ['list'], (list) => [...list, 'new']);
    await q.answerAll();
    await q.answerAll();
    expect(q.qc.getQueryData(['list'])).toEqual(['old', 'new']);
  });
});
