import { useId } from 'react';
import styles from './CommandSuggestions.module.css';

export interface CommandSuggestion {
  command: string;
  description: string;
}

export interface CommandSuggestionsProps {
  suggestions: readonly CommandSuggestion[];
  active: number;
  /** The id the text box points at with aria-activedescendant. */
  optionId(index: number): string;
  listId: string;
  onPick(suggestion: CommandSuggestion): void;
}

/** The popup above the composer while a slash command is typed: a listbox the text box drives. */
export function CommandSuggestions({ suggestions, active, optionId, listId, onPick }: CommandSuggestionsProps) {
  const headingId = useId();
  return (
    <div className={styles.popup}>
      <div id={headingId} className={styles.heading}>
        Commands
      </div>
      <ul id={listId} role="listbox" aria-labelledby={headingId} className={styles.list}>
        {suggestions.map((s, i) => (
          <li
            key={s.command}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            // Keeps focus in the text box: the pick happens on mouse down.
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(s);
            }}
          >
            <span className={styles.command}>{s.command}</span>
            <span className={styles.description}>{s.description}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
