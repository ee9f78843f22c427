import { describe, expect, it } from 'vitest';
import { mergeCustomEmoji } from './custom-emoji-list';
import { customItem, unicodeItem } from './picker-items';
import { inTab, tabCounts } from './picker-tabs';
import { testCustomEmoji, testEmojiData } from './test-emoji';

const standard = testEmojiData().categories.flatMap((c) => c.emojis.map(unicodeItem));
const custom = mergeCustomEmoji(
  [testCustomEmoji(1, 'mine'), testCustomEmoji(2, 'mine_nsfw', { is_nsfw: true })],
  [testCustomEmoji(1, 'mine'), testCustomEmoji(3, 'theirs', { user_id: 9, is_public: true })],
).map(customItem);

describe('the picker tabs', () => {
  it('count every emoji in All, standard and safe custom ones in SFW, marked ones in NSFW, the viewer’s in Own', () => {
    expect(tabCounts([...custom, ...standard])).toEqual({
      all: standard.length + 3,
      sfw: standard.length + 2,
      nsfw: 1,
      own: 2,
    });
  });

  it('never put a standard emoji under NSFW or Own', () => {
    expect(standard.some((item) => inTab(item, 'nsfw') || inTab(item, 'own'))).toBe(false);
    expect(custom.filter((item) => inTab(item, 'own')).map((item) => item.name)).toEqual(['mine', 'mine_nsfw']);
  });
});
