import type { EmojiCategory, EmojiData, PickerEmoji } from './emoji-data';
import { searchEmoji } from './emoji-search';

/** A heading and its emoji in the picker's grid. */
export interface PickerSection {
  id: string;
  label: string;
  /** The emoji standing for the section on its category button. */
  icon: string;
  emojis: readonly PickerEmoji[];
}

const ICONS: Record<string, string> = {
  recent: '🕘',
  smileys: '😀',
  people: '👋',
  nature: '🐻',
  food: '🍔',
  travel: '✈️',
  activities: '⚽',
  objects: '💡',
  symbols: '🔣',
  flags: '🏁',
};

const section = ({ id, label, emojis }: EmojiCategory): PickerSection => ({ id, label, icon: ICONS[id] ?? '', emojis });

/** What the grid shows: the search results, or Recently Used (when there are any) and every category. */
export function pickerSections(data: EmojiData, query: string, recent: readonly string[]): PickerSection[] {
  if (query.trim() !== '') {
    const all = data.categories.flatMap((c) => c.emojis);
    const results = searchEmoji(all, query);
    return results.length ? [section({ id: 'results', label: 'Search results', emojis: results })] : [];
  }
  const recentEmoji = recent.flatMap((unicode) => data.byUnicode.get(unicode) ?? []);
  const categories = data.categories.map(section);
  return recentEmoji.length
    ? [section({ id: 'recent', label: 'Recently Used', emojis: recentEmoji }), ...categories]
    : categories;
}
