import { useId, type KeyboardEvent, type ReactNode } from 'react';
import styles from './SuggestionPopup.module.css';

export interface SuggestionPopupProps<T> {
  /** Names the list, e.g. 'Commands' or 'Members'. */
  heading: string;
  items: readonly T[];
  active: number;
  /** The id the text box points at with aria-controls. */
  listId: string;
  /** The id of each option, for the text box's aria-activedescendant. */
  optionId(index: number): string;
  itemKey(item: T): string;
  /** The option's content: use `primary` and `secondary` for its two texts. */
  renderItem(item: T, parts: { primary: string; secondary: string }): ReactNode;
  onPick(item: T): void;
}

/**
 * The popup above a text box that suggests completions (slash commands, mentions): a listbox the
 * text box drives with arrow keys while focus stays in it; a click picks without taking focus.
 */
export function SuggestionPopup<T>({
  heading,
  items,
  active,
  listId,
  optionId,
  itemKey,
  renderItem,
  onPick,
}: SuggestionPopupProps<T>) {
  const headingId = useId();
  return (
    <div className={styles.popup}>
      <div id={headingId} className={styles.heading}>
        {heading}
      </div>
      <ul id={listId} role="listbox" aria-labelledby={headingId} className={styles.list}>
        {items.map((item, i) => (
          <li
            key={itemKey(item)}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={styles.option}
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(item);
            }}
          >
            {renderItem(item, { primary: styles.primary!, secondary: styles.secondary! })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface SuggestionKeyOptions<T> {
  items: readonly T[];
  active: number;
  setActive(index: number): void;
  pick(item: T): void;
  dismiss(): void;
  /** Whether Enter should be left alone for this item (e.g. a complete command runs instead). */
  enterPasses?(item: T): boolean;
}

/**
 * The keys of a suggestion popup, for the text box's onKeyDown: arrows move, Enter or Tab picks,
 * Escape dismisses. True when the key was used (the text box then does nothing else with it).
 */
export function handleSuggestionKey<T>(event: KeyboardEvent<HTMLElement>, o: SuggestionKeyOptions<T>): boolean {
  if (o.items.length === 0) return false;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    const step = event.key === 'ArrowDown' ? 1 : -1;
    o.setActive((o.active + step + o.items.length) % o.items.length);
  } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
    const chosen = o.items[o.active];
    if (chosen === undefined || (event.key === 'Enter' && o.enterPasses?.(chosen))) return false;
    o.pick(chosen);
  } else if (event.key === 'Escape') {
    o.dismiss();
  } else {
    return false;
  }
  event.preventDefault();
  return true;
}

/** What a composer's suggestion popup hands the composer: its state, the ids for ARIA, its keys. */
export interface SuggestionPopupState<T> {
  open: boolean;
  suggestions: readonly T[];
  active: number;
  listId: string;
  optionId(index: number): string;
  /** Handles the popup's keys; true when the key was used (the composer then does nothing else with it). */
  onKeyDown(event: KeyboardEvent<HTMLElement>): boolean;
  pick(item: T): void;
}

/** A popup's state from its parts: its keys move, pick and dismiss only while it is open. */
export function suggestionPopupState<T>(
  o: SuggestionKeyOptions<T> & { open: boolean; listId: string },
): SuggestionPopupState<T> {
  return {
    open: o.open,
    suggestions: o.items,
    active: o.active,
    listId: o.listId,
    optionId: (index) => `${o.listId}-${index}`,
    pick: o.pick,
    onKeyDown: (event) => o.open && handleSuggestionKey(event, o),
  };
}
