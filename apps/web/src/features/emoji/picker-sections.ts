import type { UsableEmoji } from './custom-emoji-list';
import type { EmojiData } from './emoji-data';
import { searchEmoji } from './emoji-search';
import { customItem, unicodeItem, type PickerItem } from './picker-items';
import { inTab, tabCounts, type PickerTab } from './picker-tabs';

/** A heading and its emoji in the picker's grid. */
export interface PickerSection {
  id: string;
  label: string;
  /** The emoji standing for the section on its category button. */
  icon: string;
  emojis: readonly PickerItem[];
}

const ICONS: Record<string, string> = {
  recent: '🕘',
  custom: '⭐',
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

const section = (id: string, label: string, emojis: readonly PickerItem[]): PickerSection => ({
  id,
  label,
  icon: ICONS[id] ?? '',
  emojis,
});

/** Everything the picker can offer, built once per data change: custom emoji first, as Discord lists a server's. */
export interface PickerCatalogue {
  custom: readonly PickerItem[];
  categories: readonly PickerSection[];
  /** Custom, then the standard set in category order. */
  all: readonly PickerItem[];
  byKey: ReadonlyMap<string, PickerItem>;
}

export function pickerCatalogue(data: EmojiData, custom: readonly UsableEmoji[]): PickerCatalogue {
  const customItems = custom.map(customItem);
  const categories = data.categories.map((c) => section(c.id, c.label, c.emojis.map(unicodeItem)));
  const all = [...customItems, ...categories.flatMap((c) => c.emojis)];
  return { custom: customItems, categories, all, byKey: new Map(all.map((item) => [item.key, item])) };
}

const CUSTOM_LABEL: Record<PickerTab, string> = {
  all: 'Custom',
  sfw: 'Custom',
  nsfw: 'NSFW',
  own: 'Your Emojis',
};

export interface PickerView {
  sections: PickerSection[];
  counts: Record<PickerTab, number>;
}

/**
 * What the grid shows for a tab: the search results, or Recently Used (All and SFW, when there are
 * any), the custom emoji, and (All and SFW) the standard categories. The counts follow the search.
 */
export function pickerView(
  catalogue: PickerCatalogue,
  tab: PickerTab,
  query: string,
  recent: readonly string[],
): PickerView {
  if (query.trim() !== '') {
    const found = searchEmoji(catalogue.all, query);
    const results = found.filter((item) => inTab(item, tab));
    return {
      sections: results.length ? [section('results', 'Search results', results)] : [],
      counts: tabCounts(found),
    };
  }
  const counts = tabCounts(catalogue.all);
  const custom = catalogue.custom.filter((item) => inTab(item, tab));
  const sections: PickerSection[] = [];
  const standard = tab === 'all' || tab === 'sfw';
  if (standard) {
    const recentItems = recent.flatMap((key) => {
      const item = catalogue.byKey.get(key);
      return item && inTab(item, tab) ? [item] : [];
    });
    if (recentItems.length) sections.push(section('recent', 'Recently Used', recentItems));
  }
  if (custom.length) sections.push(section('custom', CUSTOM_LABEL[tab], custom));
  if (standard) sections.push(...catalogue.categories);
  return { sections, counts };
}
