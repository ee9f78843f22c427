import { describe, expect, it } from 'vitest';
import emojis from 'emojibase-data/en/compact.json' with { type: 'json' };
import {
  canonicalEmoji,
  EMOJI_MAX_LENGTH,
  EMOJI_TEXT,
  emojiNameProblem,
  normalEmojiName,
  singleEmoji,
} from './emoji-rules.js';

describe('one emoji', () => {
  it('accepts every emoji the picker offers, skin tones included, and keeps its canonical form', () => {
    const refused: string[] = [];
    for (const emoji of emojis) {
      if (emoji.group === undefined || emoji.group === 2) continue;
      for (const { unicode } of [emoji, ...(emoji.skins ?? [])]) {
        if (singleEmoji(unicode) !== canonicalEmoji(unicode)) refused.push(unicode);
      }
    }
    expect(refused).toEqual([]);
  });

  it('puts VS16 exactly where the fully-qualified form has it', () => {
    expect(canonicalEmoji('❤')).toBe('❤\uFE0F');
    expect(canonicalEmoji('👍\uFE0F')).toBe('👍');
    expect(canonicalEmoji('#⃣')).toBe('#\uFE0F⃣');
    expect(canonicalEmoji('☝🏻')).toBe('☝🏻');
    expect(canonicalEmoji('🏳\u200D🌈')).toBe('🏳\uFE0F\u200D🌈');
  });

  it('refuses text, several emoji, parts of an emoji and anything too long', () => {
    for (const text of ['', 'a', 'ok', '1', '#', ' 👍', '👍 ', '👍👍', '🇦', '\u200D', 'x'.repeat(EMOJI_MAX_LENGTH + 1)])
      expect(singleEmoji(text), JSON.stringify(text)).toBeNull();
  });

  it('accepts, by shape, an emoji newer than this runtime knows', () => {
    // An assigned symbol that is not an emoji stays refused.
    expect(singleEmoji('\u{1FBF0}')).toBeNull();
    // Unassigned code points in the block reserved for future pictographs.
    expect(singleEmoji('\u{1FFF0}')).toBe('\u{1FFF0}');
    expect(singleEmoji('\u{1FFF0}\u200D\u{1FFF1}')).toBe('\u{1FFF0}\u200D\u{1FFF1}');
  });
});

describe('custom emoji names', () => {
  it('break the first rule in spec 3 §5’s order: required, characters, length', () => {
    const cases: [string, string | null][] = [
      ['', EMOJI_TEXT.nameRequired],
      ['   ', EMOJI_TEXT.nameRequired],
      ['party-parrot', EMOJI_TEXT.nameChars],
      ['two words', EMOJI_TEXT.nameChars],
      ['café', EMOJI_TEXT.nameChars],
      [`x-${'y'.repeat(40)}`, EMOJI_TEXT.nameChars],
      ['y'.repeat(33), EMOJI_TEXT.nameTooLong],
      ['y'.repeat(32), null],
      ['Party_Parrot_2', null],
      ['  padded  ', null],
    ];
    for (const [raw, problem] of cases) expect(emojiNameProblem(normalEmojiName(raw)), raw).toBe(problem);
  });
});
