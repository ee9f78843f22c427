import type { CustomEmoji } from '@hearth/protocol';

/** A custom emoji as the client holds it: the server's row, and whether it is the viewer's own. */
export interface UsableEmoji extends CustomEmoji {
  own: boolean;
}

/** Spec 1 §7: the answer is a list, or an object holding one under `emojis`. */
export function emojiListOf(answer: unknown): CustomEmoji[] {
  if (Array.isArray(answer)) return answer as CustomEmoji[];
  const wrapped = (answer as { emojis?: unknown } | null)?.emojis;
  return Array.isArray(wrapped) ? (wrapped as CustomEmoji[]) : [];
}

/** Name order as people read it: case ignored, then the exact name, then the older emoji first. */
export const byName = (a: CustomEmoji, b: CustomEmoji): number => {
  const x = a.name.toLowerCase();
  const y = b.name.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id - b.id;
};

/**
 * Spec 1 §7: the viewer's own emoji and every public one, merged by id (one's own public emoji is in
 * both lists) and sorted by name.
 */
export function mergeCustomEmoji(own: readonly CustomEmoji[], publicOnes: readonly CustomEmoji[]): UsableEmoji[] {
  const merged = new Map<number, UsableEmoji>();
  for (const emoji of own) merged.set(emoji.id, { ...emoji, own: true });
  for (const emoji of publicOnes) if (!merged.has(emoji.id)) merged.set(emoji.id, { ...emoji, own: false });
  return [...merged.values()].sort(byName);
}

/**
 * What `:name:` stands for, for this viewer: names in lower case (the shortcode rule of spec 1 §5 is
 * lower case, uploaded names may have capitals), the viewer's own emoji before anyone else's when
 * two share a name, then the older one.
 */
export function emojiByShortcode(emojis: readonly UsableEmoji[]): Map<string, UsableEmoji> {
  const map = new Map<string, UsableEmoji>();
  const ordered = [...emojis].sort((a, b) => Number(b.own) - Number(a.own) || a.id - b.id);
  for (const emoji of ordered) {
    const key = emoji.name.toLowerCase();
    if (!map.has(key)) map.set(key, emoji);
  }
  return map;
}

/** The shortcode the picker writes for an emoji: `:name:` in lower case, which the renderer reads back. */
export const customShortcode = (name: string): string => `:${name.toLowerCase()}:`;
