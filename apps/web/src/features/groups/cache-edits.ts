/** Small list edits for query caches (lists may be undefined before their first load). */

export const upsertById = <T extends { id: number }>(list: T[] | undefined, item: T): T[] | undefined =>
  list ? (list.some((x) => x.id === item.id) ? list.map((x) => (x.id === item.id ? item : x)) : [...list, item]) : list;

export const removeById = <T extends { id: number }>(list: T[] | undefined, id: number): T[] | undefined =>
  list?.filter((x) => x.id !== id);

export const patchById = <T extends { id: number }>(
  list: T[] | undefined,
  id: number,
  patch: Partial<T>,
): T[] | undefined => list?.map((x) => (x.id === id ? { ...x, ...patch } : x));
