import { useId, useImperativeHandle, useMemo, useRef, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { GroupedVirtuoso, type GroupedVirtuosoHandle } from 'react-virtuoso';
import { moveInGrid, type GridPosition } from './grid-navigation';
import { itemLabel, type PickerItem } from './picker-items';
import type { PickerSection } from './picker-sections';
import styles from './EmojiPicker.module.css';

/** What the picker asks of its grid: rows off screen are not in the page, so focus goes through here. */
export interface EmojiGridHandle {
  /** Scrolls the cell into view (when asked) and focuses it once it is drawn. */
  focus(position: GridPosition, scroll?: boolean): void;
  /** Scrolls a section's heading to the top. */
  jumpTo(section: number): void;
}

export interface EmojiGridProps {
  sections: readonly PickerSection[];
  columns: number;
  /** The one cell in the tab order; arrow keys move it. */
  active: GridPosition;
  onActiveChange(position: GridPosition): void;
  onChoose(position: GridPosition, shift: boolean): void;
  ref: Ref<EmojiGridHandle>;
}

const cellId = ({ section, index }: GridPosition) => `${section}-${index}`;

function cellPosition(cell: HTMLElement): GridPosition {
  const [section = 0, index = 0] = (cell.dataset.cell ?? '').split('-').map(Number);
  return { section, index };
}

/** A cell is drawn a frame or two after it is scrolled to: try for a few frames, then give up. */
function focusWhenDrawn(root: HTMLElement | null, position: GridPosition, scroll: boolean, frames = 10) {
  const cell = root?.querySelector<HTMLElement>(`[data-cell="${cellId(position)}"]`);
  if (cell) cell.focus({ preventScroll: !scroll });
  else if (frames > 0) requestAnimationFrame(() => focusWhenDrawn(root, position, scroll, frames - 1));
}

function Cell({ item, position, active }: { item: PickerItem; position: GridPosition; active: boolean }) {
  const label = itemLabel(item);
  const custom = item.kind === 'custom' ? item.emoji : null;
  const shortcode = item.kind === 'unicode' ? item.emoji.shortcodes[0] : undefined;
  return (
    <button
      type="button"
      className={styles.cell}
      data-cell={cellId(position)}
      data-nsfw={custom?.is_nsfw || undefined}
      tabIndex={active ? 0 : -1}
      aria-label={label}
      title={shortcode ? `${item.name} :${shortcode}:` : label}
    >
      {custom ? (
        <>
          <img className={styles.picture} src={custom.url} alt="" draggable={false} decoding="async" />
          {custom.is_nsfw && (
            <span className={styles.nsfw} aria-hidden="true">
              NSFW
            </span>
          )}
        </>
      ) : (
        item.key
      )}
    </button>
  );
}

/**
 * The emoji under their headings, virtualised by rows (only the rows in view are in the page, so a
 * set of thousands opens as fast as a dozen), one tab stop for the whole grid, arrow keys between cells.
 */
export function EmojiGrid({ sections, columns, active, onActiveChange, onChoose, ref }: EmojiGridProps) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<GroupedVirtuosoHandle>(null);
  const { rowCounts, firstRows } = useMemo(() => {
    const counts = sections.map((s) => Math.ceil(s.emojis.length / columns));
    const firsts: number[] = [];
    counts.reduce((row, n) => (firsts.push(row), row + n), 0);
    return { rowCounts: counts, firstRows: firsts };
  }, [sections, columns]);

  useImperativeHandle(
    ref,
    () => ({
      focus(position, scroll = true) {
        const row = (firstRows[position.section] ?? 0) + Math.floor(position.index / columns);
        if (scroll) list.current?.scrollIntoView({ index: row });
        focusWhenDrawn(root.current, position, scroll);
      },
      jumpTo(section) {
        list.current?.scrollToIndex({ groupIndex: section, align: 'start' });
      },
    }),
    [firstRows, columns],
  );

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
    const row = (firstRows[next.section] ?? 0) + Math.floor(next.index / columns);
    list.current?.scrollIntoView({ index: row });
    focusWhenDrawn(root.current, next, true);
  };
  // One listener for all the cells rather than a closure per emoji.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    if (!cell) return;
    const position = cellPosition(cell);
    onActiveChange(position);
    onChoose(position, event.shiftKey);
  };

  return (
    <div ref={root} className={styles.scroll} onKeyDown={onKeyDown} onClick={onClick} data-emoji-grid="">
      <GroupedVirtuoso
        ref={list}
        className={styles.list}
        groupCounts={rowCounts}
        defaultItemHeight={52}
        increaseViewportBy={{ top: 104, bottom: 104 }}
        groupContent={(s) => {
          const section = sections[s];
          return (
            <h3 id={`${id}-${section?.id}`} className={styles.heading} data-section={section?.id}>
              {section?.label}
            </h3>
          );
        }}
        itemContent={(row, s) => {
          const section = sections[s];
          if (!section) return null;
          const start = (row - (firstRows[s] ?? 0)) * columns;
          return (
            <div className={styles.row} style={{ gridTemplateColumns: `repeat(${columns}, 1fr)` }}>
              {section.emojis.slice(start, start + columns).map((item, i) => (
                <Cell
                  key={item.key}
                  item={item}
                  position={{ section: s, index: start + i }}
                  active={active.section === s && active.index === start + i}
                />
              ))}
            </div>
          );
        }}
      />
    </div>
  );
}
