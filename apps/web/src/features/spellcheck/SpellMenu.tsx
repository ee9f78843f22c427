import { useEffect, useRef, type KeyboardEvent } from 'react';
import styles from './SpellMenu.module.css';

export interface SpellMenuProps {
  word: string;
  /** null while they are being worked out. */
  suggestions: readonly string[] | null;
  /** Where it opens (the pointer, or the text box for the keyboard), kept inside the window. */
  x: number;
  y: number;
  onReplace(suggestion: string): void;
  onAddToDictionary(): void;
  onClose(): void;
}

/** The spellcheck context menu: suggestions for a misspelt word, and Add to dictionary (spec 1 §2). */
export function SpellMenu({ word, suggestions, x, y, onReplace, onAddToDictionary, onClose }: SpellMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, [suggestions]);
  useEffect(() => {
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const items = [
      ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') items[(index + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(index - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Escape' || event.key === 'Tab') onClose();
    else return;
    event.preventDefault();
  };

  const left = Math.max(8, Math.min(x, window.innerWidth - 228));
  const top = Math.max(8, Math.min(y, window.innerHeight - 8 - 40 * ((suggestions?.length ?? 1) + 1)));
  return (
    <div
      ref={menu}
      role="menu"
      aria-label={`Spelling of ${word}`}
      className={styles.menu}
      style={{ left, top }}
      onKeyDown={onKeyDown}
    >
      {suggestions === null ? (
        <div role="menuitem" aria-disabled="true" className={styles.item}>
          Looking for suggestions…
        </div>
      ) : suggestions.length === 0 ? (
        <div role="menuitem" aria-disabled="true" className={styles.item}>
          No suggestions
        </div>
      ) : (
        suggestions.map((s) => (
          <div
            key={s}
            role="menuitem"
            tabIndex={-1}
            className={styles.item}
            onClick={() => onReplace(s)}
            onKeyDown={(e) => e.key === 'Enter' && onReplace(s)}
          >
            {s}
          </div>
        ))
      )}
      <div role="separator" className={styles.separator} />
      <div
        role="menuitem"
        tabIndex={-1}
        className={styles.item}
        onClick={onAddToDictionary}
        onKeyDown={(e) => e.key === 'Enter' && onAddToDictionary()}
      >
        Add to dictionary
      </div>
    </div>
  );
}
