/** A Shift+click range picks at most this many emoji, so a long sweep through the set cannot flood its user. */
export const RANGE_MAX = 50;

/**
 * The cells a second Shift+click picks: from the one after the first end (already picked by its own
 * Shift+click) through the second, in the direction of the sweep; at most RANGE_MAX.
 */
export function rangeAfter<T>(cells: readonly T[], from: number, to: number, max = RANGE_MAX): T[] {
  if (from < 0 || to < 0 || from === to) return [];
  const range = from < to ? cells.slice(from + 1, to + 1) : cells.slice(to, from).reverse();
  return range.slice(0, max);
}
