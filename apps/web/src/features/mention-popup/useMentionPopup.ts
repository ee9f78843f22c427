import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MentionSuggestion } from '@hearth/protocol';
import { MENTION_SUGGESTION_LIMIT } from '@hearth/protocol/constants';
import { useServices } from '../../app/services';
import { suggestionPopupState, type SuggestionPopupState } from '../../ui';
import { insertMention, mentionQueryAt, type MentionQuery } from './mention-query';

/** The pause after typing before the suggestions are asked for (spec 1 §4). */
export const MENTION_DEBOUNCE_MS = 300;

export type MentionPopup = SuggestionPopupState<MentionSuggestion>;

function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The mention popup of the composer (spec 1 §4): opens while an `@name` is typed at the caret, asks
 * the server for people who can see the channel after a 300 ms pause, arrow keys move, Enter or Tab
 * inserts `@username `, Escape closes it until the mention changes.
 */
export function useMentionPopup(
  channelId: number,
  text: string,
  caret: number,
  replace: (text: string, caret: number) => void,
): MentionPopup {
  const { http } = useServices();
  const listId = useId();
  const typed: MentionQuery | null = mentionQueryAt(text, caret);
  const query = useDebounced(typed?.query ?? null, MENTION_DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const key = typed ? `${typed.start}:${typed.query}` : null;
  const answer = useQuery({
    queryKey: ['mention-suggestions', channelId, query],
    queryFn: () =>
      http.get<MentionSuggestion[]>(
        `/user/mention-suggestions?${new URLSearchParams({
          query: query ?? '',
          // A direct message (negative id) has no channel to limit the names to.
          ...(channelId > 0 ? { channel_id: String(channelId) } : {}),
          limit: String(MENTION_SUGGESTION_LIMIT),
        })}`,
      ),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const suggestions = typed && query === typed.query && key !== dismissed ? (answer.data ?? []) : [];
  const open = suggestions.length > 0;
  const current = Math.min(active, Math.max(0, suggestions.length - 1));

  useEffect(() => setActive(0), [key]);

  const pick = (s: MentionSuggestion) => {
    if (!typed) return;
    const next = insertMention(text, typed, caret, s.username);
    replace(next.text, next.caret);
  };

  return suggestionPopupState({
    open,
    listId,
    items: suggestions,
    active: current,
    setActive,
    pick,
    dismiss: () => setDismissed(key),
  });
}
