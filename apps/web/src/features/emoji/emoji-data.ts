/** One emoji the picker offers. */
export interface PickerEmoji {
  unicode: string;
  /** The Unicode name, e.g. 'thumbs up'. */
  name: string;
  /** GitHub/Slack shortcodes without colons, e.g. ['+1', 'thumbsup']. */
  shortcodes: readonly string[];
  /** Name, shortcodes and keywords in lower case, for search. */
  terms: readonly string[];
}

export interface EmojiCategory {
  id: string;
  label: string;
  emojis: readonly PickerEmoji[];
}

export interface EmojiData {
  categories: readonly EmojiCategory[];
  byUnicode: ReadonlyMap<string, PickerEmoji>;
}

/** emojibase's groups in the order shown; group 2 (skin tones and hair parts on their own) is left out. */
const GROUPS: readonly (readonly [number, string, string])[] = [
  [0, 'smileys', 'Smileys & Emotion'],
  [1, 'people', 'People & Body'],
  [3, 'nature', 'Animals & Nature'],
  [4, 'food', 'Food & Drink'],
  [5, 'travel', 'Travel & Places'],
  [6, 'activities', 'Activities'],
  [7, 'objects', 'Objects'],
  [8, 'symbols', 'Symbols'],
  [9, 'flags', 'Flags'],
];

let loading: Promise<EmojiData> | null = null;

/**
 * The standard emoji set, loaded once, on first use. The same emojibase-data files as the message
 * renderer's shortcodes, so the browser fetches and caches them once for both; never in the
 * app's first download.
 */
export function loadEmojiData(): Promise<EmojiData> {
  loading ??= Promise.all([
    import('emojibase-data/en/compact.json'),
    import('emojibase-data/en/shortcodes/github.json'),
  ]).then(
    ([{ default: emojis }, { default: shortcodes }]) => {
      const byGroup = new Map<number, { order: number; emoji: PickerEmoji }[]>();
      const byUnicode = new Map<string, PickerEmoji>();
      for (const e of emojis) {
        if (e.group === undefined || e.group === 2) continue;
        const codes = shortcodes[e.hexcode];
        const names = codes === undefined ? [] : Array.isArray(codes) ? codes : [codes];
        const emoji: PickerEmoji = {
          unicode: e.unicode,
          name: e.label,
          shortcodes: names,
          terms: [e.label.toLowerCase(), ...names, ...(e.tags ?? [])],
        };
        byUnicode.set(e.unicode, emoji);
        const list = byGroup.get(e.group) ?? [];
        list.push({ order: e.order ?? 0, emoji });
        byGroup.set(e.group, list);
      }
      const categories = GROUPS.map(([group, id, label]) => ({
        id,
        label,
        emojis: (byGroup.get(group) ?? []).sort((a, b) => a.order - b.order).map((x) => x.emoji),
      }));
      return { categories, byUnicode };
    },
    (error: unknown) => {
      // A failed chunk (offline, or a new build replaced it) is tried again at the next opening.
      loading = null;
      throw error;
    },
  );
  return loading;
}
