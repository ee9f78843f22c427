import type { CustomEmoji } from '@hearth/protocol';
import type { EmojiData, PickerEmoji } from './emoji-data';

const emoji = (unicode: string, name: string, shortcodes: string[] = [], tags: string[] = []): PickerEmoji => ({
  unicode,
  name,
  shortcodes,
  terms: [name, ...shortcodes, ...tags],
});

/** A small set shaped like the real one (which is nearly 1,900 emoji: too many to render in every test). */
export function testEmojiData(): EmojiData {
  const categories = [
    {
      id: 'smileys',
      label: 'Smileys & Emotion',
      emojis: [
        emoji('😀', 'grinning face', ['grinning']),
        emoji('😃', 'grinning face with big eyes', ['smiley']),
        emoji('😄', 'grinning face with smiling eyes', ['smile']),
        emoji('😁', 'beaming face with smiling eyes', ['grin']),
        emoji('😆', 'grinning squinting face', ['laughing']),
        emoji('😅', 'grinning face with sweat', ['sweat_smile']),
        emoji('🤣', 'rolling on the floor laughing', ['rofl']),
        emoji('😂', 'face with tears of joy', ['joy']),
        emoji('❤️', 'red heart', ['heart'], ['love']),
      ],
    },
    { id: 'people', label: 'People & Body', emojis: [emoji('👍️', 'thumbs up', ['+1', 'thumbsup'], ['yes'])] },
    { id: 'travel', label: 'Travel & Places', emojis: [emoji('🚀', 'rocket', ['rocket'], ['space'])] },
    { id: 'activities', label: 'Activities', emojis: [emoji('🎉', 'party popper', ['tada'], ['celebrate'])] },
  ];
  return {
    categories,
    byUnicode: new Map(categories.flatMap((c) => c.emojis.map((e): [string, PickerEmoji] => [e.unicode, e]))),
  };
}

/** A custom emoji as the server lists it. */
export function testCustomEmoji(id: number, name: string, extra: Partial<CustomEmoji> = {}): CustomEmoji {
  return {
    id,
    name,
    url: `/api/emoji/images/${name}.webp`,
    file_url: `/api/emoji/images/${name}.webp`,
    is_public: false,
    is_nsfw: false,
    width: 64,
    height: 64,
    user_id: 7,
    created_at: '2025-01-01T00:00:00.000Z',
    ...extra,
  };
}
