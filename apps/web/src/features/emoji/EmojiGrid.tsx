import { useId, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { moveInGrid, type GridPosition } from './grid-navigation';
import type { PickerSection } from './picker-sections';
import styles from './EmojiPicker.module.css';

export interface EmojiGridProps {
  sections: readonly PickerSection[];
  columns: number;
  /** The one cell in the tab order; arrow keys move it. */
  active: GridPosition;
  onActiveChange(position: GridPosition): void;
  onChoose(position: GridPosition, shift: boolean): void;
  ref: RefObject<HTMLDivElement | null>;
}

const cellId = ({ section, index }: GridPosition) => `${section}-${index}`;

function cellPosition(cell: HTMLElement): GridPosition {
  const [section = 0, index = 0] = (cell.dataset.cell ?? '').split('-').map(Number);
  return { section, index };
}

export function focusCell(grid: HTMLElement | null, position: GridPosition, scroll = true): void {
  grid?.querySelector<HTMLElement>(`[data-cell="${cellId(position)}"]`)?.focus({ preventScroll: !scroll });
}

/** The emoji under their headings, one tab stop for the whole grid, arrow keys between cells. */
export function EmojiGrid({ sections, columns, active, onActiveChange, onChoose, ref }: EmojiGridProps) {
  const id = useId();
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    const next = moveInGrid(
      sections.map((s) => s.emojis.length),
      cellPosition(cell),
      event.key,
      columns,
    );
    if (!next) return;
    event.preventDefault();
    onActiveChange(next);
    focusCell(ref.current, next);
  };
  // One listener for all the cells rather than a closure per emoji: the full set is nearly 1,900.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    const position = cellPosition(cell);
    onActiveChange(position);
    onChoose(position, event.shiftKey);
  };
  return (
    <div ref={ref} className={styles.scroll} onKeyDown={onKeyDown} onClick={onClick}>
      {sections.map((section, s) => (
        <section key={section.id} className={styles.section} aria-labelledby={`${id}-${section.id}`}>
          <h3 id={`${id}-${section.id}`} className={styles.heading} data-section={section.id}>
            {section.label}
          </h3>
          <div className={styles.grid}>
            {section.emojis.map((emoji, i) => (
              <button
                key={emoji.unicode}
                type="button"
                className={styles.cell}
                data-cell={cellId({ section: s, index: i })}
                tabIndex={active.section === s && active.index === i ? 0 : -1}
                aria-label={emoji.name}
                title={emoji.shortcodes[0] ? `${emoji.name} :${emoji.shortcodes[0]}:` : emoji.name}
              >
                {emoji.unicode}
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
