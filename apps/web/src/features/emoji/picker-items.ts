import type { UsableEmoji } from './custom-emoji-list';
import type { PickerEmoji } from './emoji-data';
import type { PickedEmoji } from './types';

/** One cell of the picker: a standard emoji or a custom one, with what search reads. */
export type PickerItem =
  | { kind: 'unicode'; key: string; name: string; terms: readonly string[]; emoji: PickerEmoji }
  | { kind: 'custom'; key: string; name: string; terms: readonly string[]; emoji: UsableEmoji };

export const unicodeItem = (emoji: PickerEmoji): PickerItem => ({
  kind: 'unicode',
  key: emoji.unicode,
  name: emoji.name,
  terms: emoji.terms,
  emoji,
});

/** Keys of custom emoji cannot meet an emoji's character: recent picks of both share one list. */
export const customKey = (id: number): string => `custom:${id}`;

export const customItem = (emoji: UsableEmoji): PickerItem => {
  const name = emoji.name.toLowerCase();
  return {
    kind: 'custom',
    key: customKey(emoji.id),
    name: emoji.name,
    terms: [name.replaceAll('_', ' '), name],
    emoji,
  };
};

/** How a cell is announced: the Unicode name, or `:name:` for a custom emoji (marked when NSFW). */
export function itemLabel(item: PickerItem): string {
  if (item.kind === 'unicode') return item.name;
  return item.emoji.is_nsfw ? `:${item.name}: (NSFW)` : `:${item.name}:`;
}

export function pickedFrom(item: PickerItem): PickedEmoji {
  if (item.kind === 'unicode') {
    const { unicode, name, shortcodes } = item.emoji;
    return { kind: 'unicode', unicode, name, shortcodes };
  }
  const { id, name, url } = item.emoji;
  return { kind: 'custom', id, name, url };
}
