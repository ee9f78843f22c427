import { describe, expect, it, vi } from 'vitest';
import { SearchState } from './search-state';

describe('SearchState', () => {
  it('searches from the first page, pages, closes and reopens the last results', () => {
    const s = new SearchState();
    const listener = vi.fn();
    s.subscribe(listener);
    s.reopen();
    expect(s.get().open).toBe(false);
    s.search('cats');
    s.page(25);
    expect(s.get()).toEqual({ query: 'cats', offset: 25, open: true });
    s.close();
    s.reopen();
    expect(s.get()).toEqual({ query: 'cats', offset: 25, open: true });
    s.search('dogs');
    expect(s.get().offset).toBe(0);
    expect(listener).toHaveBeenCalledTimes(5);
  });
});
