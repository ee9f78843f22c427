import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Applies a live event to a query's cached data. A fetch of that query already under way started
 * before the event (the resync of a new live session starts one for every query) and would bring the
 * data back without it; so that fetch is replaced by a new one, which sees what the event announced
 * (the server publishes an event once its change is committed). Without data yet there is nothing to
 * patch: the fetch that brings it is replaced the same way.
 */
export function patchLive<T>(qc: QueryClient, queryKey: QueryKey, change: (data: T) => T): void {
  const hadData = qc.getQueryData<T>(queryKey) !== undefined;
  if (hadData) qc.setQueryData<T>(queryKey, (data) => (data === undefined ? data : change(data)));
  if (qc.getQueryState(queryKey)?.fetchStatus !== 'fetching') return;
  const again = () => qc.refetchQueries({ queryKey, exact: true });
  // With data, the fetch under way is cancelled for a new one; a first load cannot be cancelled that
  // way (a new fetch joins it), so a new one follows it.
  if (hadData) void again();
  else void again().then(again);
}
