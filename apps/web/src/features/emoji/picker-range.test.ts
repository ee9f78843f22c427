import { describe, expect, it } from 'vitest';
import { rangeAfter } from './picker-range';

const cells = ['a', 'b', 'c', 'd', 'e', 'f'];

describe('a Shift+click range', () => {
  it('runs from after the first end through the second, either way', () => {
    expect(rangeAfter(cells, 1, 4)).toEqual(['c', 'd', 'e']);
    expect(rangeAfter(cells, 4, 1)).toEqual(['d', 'c', 'b']);
  });

  it('is empty for the same cell or one not found, and stops at its maximum', () => {
    expect(rangeAfter(cells, 2, 2)).toEqual([]);
    expect(rangeAfter(cells, -1, 3)).toEqual([]);
    expect(rangeAfter(cells, 0, 5, 2)).toEqual(['b', 'c']);
  });
});
