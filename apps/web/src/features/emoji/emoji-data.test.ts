import { describe, expect, it } from 'vitest';
import { loadEmojiData } from './emoji-data';
import { searchEmoji } from './emoji-search';

describe('the standard emoji set', () => {
  it('comes in the nine categories in order, without the skin tone parts', async () => {
    const data = await loadEmojiData();
    expect(data.categories.map((c) => c.label)).toEqual([
      'Smileys & Emotion',
      'People & Body',
      'Animals & Nature',
      'Food & Drink',
      'Travel & Places',
      'Activities',
      'Objects',
      'Symbols',
      'Flags',
    ]);
    const all = data.categories.flatMap((c) => c.emojis);
    expect(all.length).toBeGreaterThan(1800);
    expect(all[0]).toMatchObject({ unicode: '😀', name: 'grinning face', shortcodes: ['grinning'] });
    expect(all.some((e) => e.name.includes('skin tone'))).toBe(false);
    expect(new Set(all.map((e) => e.unicode)).size).toBe(all.length);
  });

  it('is searched by name, shortcode and keyword, best matches first', async () => {
    const all = (await loadEmojiData()).categories.flatMap((c) => c.emojis);
    expect(searchEmoji(all, 'thumbs up')[0]?.name).toBe('thumbs up');
    expect(searchEmoji(all, ':+1:')[0]?.name).toBe('thumbs up');
    expect(searchEmoji(all, 'heart_eyes').map((e) => e.name)).toContain('smiling face with heart-eyes');
    expect(searchEmoji(all, 'TADA')[0]?.name).toBe('party popper');
    expect(searchEmoji(all, '   ')).toEqual([]);
  });
});
