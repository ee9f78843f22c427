/** What was typed, as the terms are kept: lower case, without colons, underscores read as spaces. */
export const normaliseQuery = (query: string) => query.trim().toLowerCase().replaceAll(':', '').replaceAll('_', ' ');

/**
 * Emoji whose name, shortcode or keyword contains the query: names starting with it first, then
 * shortcodes or keywords starting with it, then the rest, each in the picker's order.
 */
export function searchEmoji<T extends { terms: readonly string[] }>(all: readonly T[], query: string): T[] {
  const q = normaliseQuery(query);
  if (q === '') return [];
  const underscored = q.replaceAll(' ', '_');
  const ranked: T[][] = [[], [], []];
  for (const emoji of all) {
    const [name = '', ...others] = emoji.terms;
    if (name.startsWith(q)) ranked[0]!.push(emoji);
    else if (others.some((t) => t.startsWith(q) || t.startsWith(underscored))) ranked[1]!.push(emoji);
    else if (emoji.terms.some((t) => t.includes(q) || t.includes(underscored))) ranked[2]!.push(emoji);
  }
  return ranked.flat();
}
