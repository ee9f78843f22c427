export { SpellBackdrop } from './SpellBackdrop';
export { SpellMenu } from './SpellMenu';
export { useSpellcheck } from './useSpellcheck';
export { addPersonalWord, spellChecker } from './spellchecker';
export { preferredDictionary } from './languages';
export type { WordAt } from './word-rules';
