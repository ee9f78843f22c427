import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import { useIsNarrow } from '../../app/useIsNarrow';
import { Spinner } from '../../ui';
import { CategoryNav } from './CategoryNav';
import { useCustomEmoji } from './custom-emoji-queries';
import { EmojiGrid, type EmojiGridHandle } from './EmojiGrid';
import type { GridPosition } from './grid-navigation';
import { pickedFrom, type PickerItem } from './picker-items';
import { rangeAfter } from './picker-range';
import { pickerCatalogue, pickerView } from './picker-sections';
import { PICKER_TABS, type PickerTab } from './picker-tabs';
import { readRecentEmoji, rememberEmoji } from './recent-emoji';
import { RefreshIcon } from './RefreshIcon';
import type { EmojiPickerProps } from './types';
import { useEmojiData } from './useEmojiData';
import styles from './EmojiPicker.module.css';

const START: GridPosition = { section: 0, index: 0 };

/**
 * The picker's content (spec 1 §2): tabs All, SFW, NSFW and Own with their counts, search, a refresh
 * of the custom emoji, categories with Recently Used first, the grid and the tip. A click picks one
 * emoji and closes; Shift+click picks and stays open; a second Shift+click picks the whole range
 * since the first.
 */
export default function EmojiPicker({ onPick, onClose }: EmojiPickerProps) {
  const [state, retry] = useEmojiData();
  const custom = useCustomEmoji();
  const [tab, setTab] = useState<PickerTab>('all');
  const [query, setQuery] = useState('');
  // Taken once per opening, so what is picked meanwhile does not move emoji under the pointer.
  const [recent] = useState(readRecentEmoji);
  const [active, setActive] = useState(START);
  const rangeStart = useRef<GridPosition | null>(null);
  const grid = useRef<EmojiGridHandle>(null);
  const columns = useIsNarrow() ? 4 : 5;
  const catalogue = useMemo(
    () => (state.status === 'ready' ? pickerCatalogue(state.data, custom.emojis) : null),
    [state, custom.emojis],
  );
  const view = useMemo(
    () => (catalogue ? pickerView(catalogue, tab, query, recent) : null),
    [catalogue, tab, query, recent],
  );
  const sections = view?.sections ?? [];

  const pick = (item: PickerItem) => {
    rememberEmoji(item.key);
    onPick(pickedFrom(item));
  };
  const choose = (position: GridPosition, shift: boolean) => {
    const item = sections[position.section]?.emojis[position.index];
    if (!item) return;
    if (!shift) {
      pick(item);
      onClose();
      return;
    }
    const start = rangeStart.current;
    rangeStart.current = start ? null : position;
    if (!start) {
      pick(item);
      return;
    }
    const cells = sections.flatMap((section, s) => section.emojis.map((emoji, index) => ({ emoji, s, index })));
    const at = (p: GridPosition) => cells.findIndex((c) => c.s === p.section && c.index === p.index);
    for (const cell of rangeAfter(cells, at(start), at(position))) pick(cell.emoji);
  };

  const reset = () => {
    setActive(START);
    rangeStart.current = null;
  };
  const search = (value: string) => {
    setQuery(value);
    reset();
  };
  const changeTab = (value: string) => {
    setTab(value as PickerTab);
    reset();
  };
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && sections.length) {
      event.preventDefault();
      setActive(START);
      grid.current?.focus(START);
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
    grid.current?.jumpTo(section);
    grid.current?.focus(position, false);
  };

  const body = (
    <>
      {view && !query.trim() && (tab === 'all' || tab === 'sfw') && <CategoryNav sections={sections} onJump={jumpTo} />}
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
      {view && sections.length === 0 && (
        <p className={styles.status}>
          {custom.isLoading && (tab === 'nsfw' || tab === 'own') ? (
            <Spinner size={24} label="Loading custom emojis" />
          ) : (
            'No emojis found'
          )}
        </p>
      )}
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
    </>
  );

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
        <button
          type="button"
          className={styles.refresh}
          aria-label="Refresh custom emojis"
          title="Refresh custom emojis"
          data-busy={custom.isFetching || undefined}
          onClick={custom.refetch}
        >
          <RefreshIcon size={18} />
        </button>
      </div>
      <Tabs.Root className={styles.tabs} value={tab} onValueChange={changeTab}>
        <Tabs.List className={styles.tabList} aria-label="Emoji sets">
          {PICKER_TABS.map((t) => (
            <Tabs.Trigger key={t.id} value={t.id} className={styles.tab}>
              {t.label} <span className={styles.count}>{view ? view.counts[t.id] : ''}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PICKER_TABS.map((t) => (
          <Tabs.Content key={t.id} value={t.id} className={styles.panel}>
            {tab === t.id && body}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <footer className={styles.footer}>Tip: Ctrl+E toggles picker • Shift+Click selects multiple</footer>
    </div>
  );
}
