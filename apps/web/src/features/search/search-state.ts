/**
 * What the search box and its results share across the app: the query searched and its page, and
 * whether the results are open. Held outside React because the box lives in two headers (a channel's
 * and a conversation's): following a result into a conversation swaps the header, and the search
 * must still be there. Read with useSyncExternalStore.
 */
export interface SearchSnapshot {
  /** The query last searched (what the results show); '' before any. */
  query: string;
  offset: number;
  open: boolean;
}

type Listener = () => void;

class Store<T> {
  private listeners = new Set<Listener>();
  constructor(private value: T) {}
  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  get = (): T => this.value;
  set(value: T): void {
    this.value = value;
    this.listeners.forEach((l) => l());
  }
}

export class SearchState extends Store<SearchSnapshot> {
  constructor() {
    super({ query: '', offset: 0, open: false });
  }
  /** Searches for `query` from its first page and shows the results. */
  search(query: string): void {
    this.set({ query, offset: 0, open: true });
  }
  page(offset: number): void {
    this.set({ ...this.get(), offset });
  }
  close(): void {
    this.set({ ...this.get(), open: false });
  }
  /** Shows the last results again (focusing the box after following one). */
  reopen(): void {
    if (this.get().query !== '') this.set({ ...this.get(), open: true });
  }
}

export const searchState = new SearchState();
