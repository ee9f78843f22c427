/** The emoji this browser picked last, newest first, shown at the top of the picker. */
export const RECENT_EMOJI_KEY = 'recentEmoji';
export const RECENT_EMOJI_MAX = 15;

export function readRecentEmoji(storage: Storage = localStorage): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENT_EMOJI_KEY) ?? '[]');
    return Array.isArray(value)
      ? value.filter((e): e is string => typeof e === 'string').slice(0, RECENT_EMOJI_MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberEmoji(unicode: string, storage: Storage = localStorage): string[] {
  const next = [unicode, ...readRecentEmoji(storage).filter((e) => e !== unicode)].slice(0, RECENT_EMOJI_MAX);
  try {
    storage.setItem(RECENT_EMOJI_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the list just is not remembered.
  }
  return next;
}
