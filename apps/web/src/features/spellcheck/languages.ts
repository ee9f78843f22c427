import { chatPrefs } from '../../app/chat-prefs';

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

/** The dictionary of the Spellcheck Language preference (spec 3 §3 `spellcheckLanguage`, default en_US). */
export function preferredDictionary(): DictionaryId {
  return dictionaryFor(chatPrefs.get().spellcheckLanguage);
}
