import { describe, expect, it } from 'vitest';
import { readRecentEmoji, RECENT_EMOJI_KEY, RECENT_EMOJI_MAX, rememberEmoji } from './recent-emoji';

describe('recent emoji', () => {
  it('keeps the newest first, once each, up to the limit', () => {
    for (const e of ['😀', '🎉', '😀']) rememberEmoji(e);
    expect(readRecentEmoji()).toEqual(['😀', '🎉']);
    for (let i = 0; i < 20; i++) rememberEmoji(String.fromCodePoint(0x1f600 + i));
    expect(readRecentEmoji()).toHaveLength(RECENT_EMOJI_MAX);
  });

  it('survives whatever else is stored under its key', () => {
    localStorage.setItem(RECENT_EMOJI_KEY, '{not json');
    expect(readRecentEmoji()).toEqual([]);
    localStorage.setItem(RECENT_EMOJI_KEY, JSON.stringify(['🎉', 3, null]));
    expect(readRecentEmoji()).toEqual(['🎉']);
  });
});
