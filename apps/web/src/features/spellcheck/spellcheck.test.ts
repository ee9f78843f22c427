import { describe, expect, it } from 'vitest';
import nspell from 'nspell';
import en from 'dictionary-en';
import fr from 'dictionary-fr';
import { dictionaryFor } from './languages';
import { checkableWords } from './word-rules';

const words = (text: string) => checkableWords(text).map((w) => w.word);

describe('which words are checked', () => {
  it('checks words of 3 letters or more in texts of 5 characters or more', () => {
    expect(words('helo')).toEqual([]);
    expect(words('an ox is big')).toEqual(['big']);
    expect(checkableWords('say helo')).toEqual([
      { word: 'say', start: 0, end: 3 },
      { word: 'helo', start: 4, end: 8 },
    ]);
  });

  it('skips links, domains, mentions, channels, codes, shortcodes and code', () => {
    expect(words('see https://exmaple.org and www.exmaple.com or exmaple.io')).toEqual(['see', 'and']);
    expect(words('ask @bobbb in #genral about abc123 and :smiel:')).toEqual(['ask', 'about', 'and']);
    expect(words('run `npm instal` then ```\nconst x = tpyo\n``` done')).toEqual(['run', 'then', 'done']);
  });

  it('skips the name and subcommand of a slash command, but checks the text it carries', () => {
    expect(words('/giphy danceing cats')).toEqual(['danceing', 'cats']);
    expect(words('/shrugg')).toEqual([]);
    expect(words('/guardian hugme')).toEqual([]);
    expect(words('/Guardian announce #general Meeting tonihgt')).toEqual(['Meeting', 'tonihgt']);
    expect(words('not a /command hugme')).toEqual(['not', 'command', 'hugme']);
  });

  it('keeps apostrophes and letters of any script inside words', () => {
    expect(words("don't café naïve")).toEqual(["don't", 'café', 'naïve']);
  });
});

describe('dictionaries', () => {
  it('maps the spellcheckLanguage preference to a dictionary, es-US to Spanish', () => {
    expect(dictionaryFor(null)).toBe('en');
    expect(dictionaryFor('en_US')).toBe('en');
    expect(dictionaryFor('en-GB')).toBe('en-gb');
    expect(dictionaryFor('en-AU')).toBe('en-au');
    expect(dictionaryFor('es-US')).toBe('es');
    expect(dictionaryFor('fr')).toBe('fr');
    expect(dictionaryFor('xx')).toBe('en');
  });

  // Building the real dictionaries is CPU-bound: seconds on a machine busy with the other test files.
  it('finds misspellings and suggests the right word with the real Hunspell data', () => {
    // The packages' data is bytes; nspell reads text.
    const english = nspell(Buffer.from(en.aff).toString(), Buffer.from(en.dic).toString());
    expect(english.correct('hello')).toBe(true);
    expect(english.correct('helo')).toBe(false);
    expect(english.suggest('helo')).toContain('hello');
    const french = nspell(Buffer.from(fr.aff).toString(), Buffer.from(fr.dic).toString());
    expect(french.correct('bonjour')).toBe(true);
    expect(french.suggest('bonjoru')).toContain('bonjour');
  }, 30_000);
});
