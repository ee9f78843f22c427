/** The spec's local preference key and its values (spec 3 §3, default en_US). */
export const SPELLCHECK_LANGUAGE_KEY = 'spellcheckLanguage';

export type DictionaryId = 'en' | 'en-gb' | 'en-au' | 'es' | 'fr';

/**
 * Preference value to dictionary. es-US uses the Spanish dictionary: the only es-US dictionary
 * published on npm (dictionary-es-us 1.x) predates the current format and is unmaintained.
 */
const BY_PREFERENCE: Record<string, DictionaryId> = {
  en_US: 'en',
  'en-US': 'en',
  'en-GB': 'en-gb',
  'en-AU': 'en-au',
  es: 'es',
  'es-US': 'es',
  fr: 'fr',
};

export function dictionaryFor(preference: string | null): DictionaryId {
  return (preference && BY_PREFERENCE[preference]) || 'en';
}

export function preferredDictionary(): DictionaryId {
  try {
    return dictionaryFor(localStorage.getItem(SPELLCHECK_LANGUAGE_KEY));
  } catch {
    return 'en';
  }
}
