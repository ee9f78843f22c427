import type { MentionSuggestion } from '@hearth/protocol';
import { Avatar, SuggestionPopup } from '../../ui';

export interface MentionSuggestionsProps {
  suggestions: readonly MentionSuggestion[];
  active: number;
  listId: string;
  optionId(index: number): string;
  onPick(suggestion: MentionSuggestion): void;
}

/** The people (and @everyone, 'Admin Only') the `@name` being typed can mention. */
export function MentionSuggestions(props: MentionSuggestionsProps) {
  return (
    <SuggestionPopup
      heading="Members"
      items={props.suggestions}
      active={props.active}
      listId={props.listId}
      optionId={props.optionId}
      itemKey={(s) => `${s.type}:${s.id ?? s.username}`}
      onPick={props.onPick}
      renderItem={(s, css) =>
        s.type === 'everyone' ? (
          <>
            <span className={css.primary}>@everyone</span>
            <span className={css.secondary}>{s.label}</span>
          </>
        ) : (
          <>
            <Avatar name={s.display_name} src={s.profile_image_url} size={20} />
            <span className={css.primary}>{s.display_name}</span>
            <span className={css.secondary}>@{s.username}</span>
          </>
        )
      }
    />
  );
}
