import { describe, expect, it } from 'vitest';
import { defaultGifName, GIF_TEXT, gifNameError } from './gif-rules.js';

describe('defaultGifName', () => {
  it('is the file name without its extension', () => {
    expect(defaultGifName('party_parrot.gif')).toBe('party_parrot');
    expect(defaultGifName('Dance2.GIF')).toBe('Dance2');
    expect(defaultGifName('no-extension')).toBe('no_extension');
  });

  it('replaces every other character by an underscore, one per character', () => {
    expect(defaultGifName('my cat.final.gif')).toBe('my_cat_final');
    expect(defaultGifName('héllo wörld.gif')).toBe('h_llo_w_rld');
    expect(defaultGifName('🎉yay.gif')).toBe('_yay');
  });

  it('drops folders a browser or system put in front', () => {
    expect(defaultGifName('C:\\Users\\me\\wave.gif')).toBe('wave');
    expect(defaultGifName('/tmp/wave.gif')).toBe('wave');
  });

  it('cuts to 32 characters', () => {
    expect(defaultGifName(`${'a'.repeat(40)}.gif`)).toBe('a'.repeat(32));
  });

  it('is "gif" when nothing is left', () => {
    expect(defaultGifName('.gif')).toBe('gif');
    expect(defaultGifName('')).toBe('gif');
  });

  it('always gives a valid name', () => {
    for (const name of ['x.gif', '', '...', `${'é'.repeat(50)}.gif`, 'a b c']) {
      expect(gifNameError(defaultGifName(name)), name).toBeNull();
    }
  });
});

describe('gifNameError', () => {
  it('checks in the spec’s order: required, characters, length', () => {
    expect(gifNameError('')).toBe(GIF_TEXT.nameRequired);
    expect(gifNameError('has space')).toBe(GIF_TEXT.nameChars);
    // Both wrong characters and too long: the characters come first.
    expect(gifNameError('-'.repeat(40))).toBe(GIF_TEXT.nameChars);
    expect(gifNameError('a'.repeat(33))).toBe(GIF_TEXT.nameTooLong);
    expect(gifNameError('a'.repeat(32))).toBeNull();
    expect(gifNameError('Party_Parrot_2')).toBeNull();
  });
});
