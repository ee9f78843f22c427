import { useEffect, useState } from 'react';
import { useChatPref } from '../../app/chat-prefs';
import { dictionaryFor } from './languages';
import { spellChecker } from './spellchecker';
import { MIN_TEXT_LENGTH, type WordAt } from './word-rules';

/** Spec 1 §5: a check runs 800 ms after the text changes, and at least every 2 s while typing goes on. */
export const CHECK_AFTER_MS = 800;
export const CHECK_AT_LEAST_EVERY_MS = 2_000;

/**
 * The misspelt words of the composer's text, checked in the spellcheck worker after a pause. Texts
 * under 5 characters are not checked, so the worker (and its dictionary) load only once someone
 * writes something longer.
 */
export function useSpellcheck(text: string, enabled = true): { misspelt: readonly WordAt[]; recheck(): void } {
  const [misspelt, setMisspelt] = useState<readonly WordAt[]>([]);
  const [round, setRound] = useState(0);
  const [firstChangeAt, setFirstChangeAt] = useState<number | null>(null);
  // A new language checks the text again with its dictionary.
  const dictionary = dictionaryFor(useChatPref('spellcheckLanguage'));

  useEffect(() => {
    if (!enabled || text.trim().length < MIN_TEXT_LENGTH) {
      setMisspelt([]);
      setFirstChangeAt(null);
      return;
    }
    const now = Date.now();
    const since = firstChangeAt ?? now;
    if (firstChangeAt === null) setFirstChangeAt(now);
    const wait = Math.max(0, Math.min(CHECK_AFTER_MS, since + CHECK_AT_LEAST_EVERY_MS - now));
    let current = true;
    const timer = setTimeout(() => {
      setFirstChangeAt(null);
      void spellChecker()
        .misspellings(text, dictionary)
        .then((found) => current && setMisspelt(found))
        .catch(() => undefined);
    }, wait);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // firstChangeAt is read, not followed: it only bounds how long a run of changes may delay a check.
  }, [text, enabled, round, dictionary]);

  // Words that no longer stand where they were (text edited since) are not marked.
  const stillThere = misspelt.filter((w) => text.slice(w.start, w.end) === w.word);
  return { misspelt: stillThere, recheck: () => setRound((r) => r + 1) };
}
