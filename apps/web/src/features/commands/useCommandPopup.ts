import { useId, useMemo, useState } from 'react';
import { commandSuggestions } from '@hearth/protocol/commands';
import { isAdminRole, useSession } from '../../app/session';
import { suggestionPopupState, type SuggestionPopupState } from '../../ui';
import type { CommandSuggestion } from './CommandSuggestions';

export type CommandPopup = SuggestionPopupState<CommandSuggestion>;

/**
 * The slash-command suggestions for the composer's text: open while a command's first words are
 * typed; arrow keys move, Enter or Tab completes, Escape closes (spec 1 §4). The registry is the
 * shared one the server's GET /commands answers; admin-only commands are hidden from others.
 */
export function useCommandPopup(text: string, setText: (text: string) => void): CommandPopup {
  const session = useSession();
  const isAdmin = isAdminRole(session?.user.role);
  const listId = useId();
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const suggestions = useMemo(
    () => (text === dismissedFor ? [] : commandSuggestions(text, isAdmin)),
    [text, isAdmin, dismissedFor],
  );
  // A suggestion that is exactly what is typed (and more is expected) needs no popup.
  const open = suggestions.length > 0 && !suggestions.some((s) => s.command === text.trim() && text.endsWith(' '));
  const current = Math.min(active, suggestions.length - 1);
  const pick = (s: CommandSuggestion) => {
    setText(`${s.command} `);
    setActive(0);
  };
  return suggestionPopupState({
    open,
    listId,
    items: suggestions,
    active: current,
    setActive,
    pick,
    dismiss: () => setDismissedFor(text),
    // Enter on a command already complete runs it instead.
    enterPasses: (chosen) => text.trim() === chosen.command,
  });
}
