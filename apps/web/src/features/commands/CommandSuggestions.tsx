import { SuggestionPopup } from '../../ui';

export interface CommandSuggestion {
  command: string;
  description: string;
}

export interface CommandSuggestionsProps {
  suggestions: readonly CommandSuggestion[];
  active: number;
  optionId(index: number): string;
  listId: string;
  onPick(suggestion: CommandSuggestion): void;
}

/** The popup above the composer while a slash command is typed. */
export function CommandSuggestions(props: CommandSuggestionsProps) {
  return (
    <SuggestionPopup
      heading="Commands"
      items={props.suggestions}
      active={props.active}
      listId={props.listId}
      optionId={props.optionId}
      itemKey={(s) => s.command}
      onPick={props.onPick}
      renderItem={(s, css) => (
        <>
          <span className={css.primary}>{s.command}</span>
          <span className={css.secondary}>{s.description}</span>
        </>
      )}
    />
  );
}
