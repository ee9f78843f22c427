import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useIsNarrow } from '../../app/useIsNarrow';
import { Spinner } from '../../ui';
import { CategoryNav } from './CategoryNav';
import type { PickerEmoji } from './emoji-data';
import { EmojiGrid, focusCell } from './EmojiGrid';
import type { GridPosition } from './grid-navigation';
import { pickerSections } from './picker-sections';
import { readRecentEmoji, rememberEmoji } from './recent-emoji';
import type { EmojiPickerProps } from './types';
import { useEmojiData } from './useEmojiData';
import styles from './EmojiPicker.module.css';

const START: GridPosition = { section: 0, index: 0 };
/** A Shift+click range picks at most this many emoji, so a long drag through the set cannot flood its user. */
const RANGE_MAX = 50;

/**
 * The picker's content (spec 1 §2): search, categories with Recently Used first, the grid and the
 * tip. A click picks one emoji and closes; Shift+click picks and stays open; a second Shift+click
 * picks the whole range since the first.
 */
export default function EmojiPicker({ onPick, onClose }: EmojiPickerProps) {
  const [state, retry] = useEmojiData();
  const [query, setQuery] = useState('');
  // Taken once per opening, so what is picked meanwhile does not move emoji under the pointer.
  const [recent] = useState(readRecentEmoji);
  const [active, setActive] = useState(START);
  const rangeStart = useRef<GridPosition | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const columns = useIsNarrow() ? 4 : 5;
  const sections = useMemo(
    () => (state.status === 'ready' ? pickerSections(state.data, query, recent) : []),
    [state, query, recent],
  );

  const pick = ({ unicode, name, shortcodes }: PickerEmoji) => {
    rememberEmoji(unicode);
    onPick({ unicode, name, shortcodes });
  };
  const flat = () => sections.flatMap((section, s) => section.emojis.map((emoji, index) => ({ emoji, s, index })));
  const choose = (position: GridPosition, shift: boolean) => {
    const emoji = sections[position.section]?.emojis[position.index];
    if (!emoji) return;
    if (!shift) {
      pick(emoji);
      onClose();
      return;
    }
    const start = rangeStart.current;
    rangeStart.current = start ? null : position;
    if (!start) {
      pick(emoji);
      return;
    }
    const cells = flat();
    const at = (p: GridPosition) => cells.findIndex((c) => c.s === p.section && c.index === p.index);
    const [a, b] = [at(start), at(position)];
    // The first end was picked by its own Shift+click.
    const range = a < b ? cells.slice(a + 1, b + 1) : cells.slice(b, a).reverse();
    for (const cell of range.slice(0, RANGE_MAX)) pick(cell.emoji);
  };

  const search = (value: string) => {
    setQuery(value);
    setActive(START);
    rangeStart.current = null;
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && sections.length) {
      event.preventDefault();
      setActive(START);
      focusCell(grid.current, START);
    } else if (event.key === 'Enter' && query.trim() && sections.length) {
      event.preventDefault();
      choose(START, false);
    }
  };
  // Spec 1 §2: Ctrl/Cmd+E toggles the picker, so inside it, it closes it.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'e') {
      event.preventDefault();
      onClose();
    }
  };
  const jumpTo = (section: number) => {
    const position = { section, index: 0 };
    setActive(position);
    grid.current?.querySelectorAll('h3')[section]?.scrollIntoView({ block: 'start' });
    focusCell(grid.current, position, false);
  };

  return (
    <div className={styles.picker} onKeyDown={onKeyDown}>
      <div className={styles.top}>
        <input
          type="search"
          className={styles.search}
          placeholder="Search emojis…"
          aria-label="Search emojis"
          value={query}
          onChange={(event) => search(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
      </div>
      {state.status === 'ready' && !query.trim() && <CategoryNav sections={sections} onJump={jumpTo} />}
      {state.status === 'loading' && (
        <div className={styles.status}>
          <Spinner size={24} label="Loading emoji" />
        </div>
      )}
      {state.status === 'failed' && (
        <div className={styles.status}>
          <p>Emoji could not be loaded.</p>
          <button type="button" className={styles.retry} onClick={retry}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && sections.length === 0 && <p className={styles.status}>No emojis found</p>}
      {sections.length > 0 && (
        <EmojiGrid
          ref={grid}
          sections={sections}
          columns={columns}
          active={active}
          onActiveChange={setActive}
          onChoose={choose}
        />
      )}
      <footer className={styles.footer}>Tip: Ctrl+E toggles picker • Shift+Click selects multiple</footer>
    </div>
  );
}
