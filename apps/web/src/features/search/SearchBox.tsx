import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Channel, Friend } from '@hearth/protocol';
import { SEARCH_TEXT, searchSuggestions, type SearchSuggestion } from '@hearth/protocol/search-rules';
import { useSession } from '../../app/session';
import { useIsNarrow } from '../../app/useIsNarrow';
import { Button, IconButton, SearchIcon } from '../../ui';
import { groupKeys } from '../groups/queries';
import { friendKeys } from '../friends/queries';
import { searchState } from './search-state';
import styles from './SearchBox.module.css';

// The results are not part of the first paint: their code comes when a search is first made.
const SearchPanel = lazy(() => import('./SearchPanel'));

/** Ctrl+F, or Cmd+F on a Mac: the app's search, instead of the browser's find in the page. */
const isSearchKey = (e: globalThis.KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f';

/**
 * The search box of a conversation's header: filter suggestions as the person types (names from what
 * the app already holds), Enter searches, and the results open below it. Ctrl/Cmd+F focuses it.
 *
 * On a phone the header has no room for a box beside the conversation's name (it squeezed the name to
 * its first letter): a search button stands there instead, and opens the box across the whole header,
 * with Cancel to put it away, as chat apps do on phones.
 */
export function SearchBox() {
  const search = useSyncExternalStore(searchState.subscribe, searchState.get);
  const [text, setText] = useState(search.query);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState(-1);
  const narrow = useIsNarrow();
  const [expanded, setExpanded] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const qc = useQueryClient();
  const me = useSession()?.user;
  // On a phone the box stays open while it has the focus or its results are open: following a result
  // (which closes them, the box having lost the focus to the tap) gives the header back.
  const collapsed = narrow && !expanded && !focused && !search.open;

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!isSearchKey(e)) return;
      e.preventDefault();
      setExpanded(true);
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Opened on a phone: the box is there from this render on, so the focus goes in now.
  useEffect(() => {
    if (expanded) input.current?.focus();
  }, [expanded]);

  const suggestions: SearchSuggestion[] = focused
    ? searchSuggestions(text, {
        users: [
          ...(me ? [me.username] : []),
          ...(qc.getQueryData<Friend[]>(friendKeys.list) ?? []).map((f) => f.user.username),
        ],
        channels: (qc.getQueryData<Channel[]>(groupKeys.channels) ?? [])
          .filter((c) => c.channel_type === 'text')
          .map((c) => c.name),
      })
    : [];

  const choose = (s: SearchSuggestion) => {
    setText(s.query);
    setActive(-1);
  };
  const submit = () => {
    if (text.trim() === '') return;
    setActive(-1);
    searchState.search(text.trim());
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    if ((e.key === 'ArrowDown' || e.key === 'ArrowUp') && count > 0) {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((active + step + count + (active < 0 && step < 0 ? 1 : 0)) % count);
    } else if (e.key === 'Tab' && count > 0 && !e.shiftKey) {
      e.preventDefault();
      choose(suggestions[Math.max(active, 0)]!);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      // Enter takes a suggestion only once the arrows chose one: otherwise it searches what is typed.
      if (active >= 0 && suggestions[active]) choose(suggestions[active]);
      else submit();
    } else if (e.key === 'Escape') {
      if (count > 0 && active >= 0) setActive(-1);
      else if (search.open) searchState.close();
      else input.current?.blur();
    }
  };

  const showSuggestions = suggestions.length > 0;
  if (collapsed)
    return (
      <IconButton aria-label={SEARCH_TEXT.label} onClick={() => setExpanded(true)}>
        <SearchIcon size={20} />
      </IconButton>
    );
  const cancel = () => {
    setExpanded(false);
    setActive(-1);
    searchState.close();
  };
  return (
    <div className={narrow ? `${styles.box} ${styles.across}` : styles.box}>
      <input
        ref={input}
        type="search"
        role="combobox"
        className={styles.input}
        aria-label={SEARCH_TEXT.label}
        aria-expanded={showSuggestions}
        aria-controls={showSuggestions ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={showSuggestions && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={SEARCH_TEXT.placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
        }}
        onFocus={() => {
          setFocused(true);
          // Back in the box after following a result: the results of what it still says come back.
          if (text.trim() === search.query) searchState.reopen();
        }}
        onBlur={() => {
          setFocused(false);
          setExpanded(false);
        }}
        onKeyDown={onKeyDown}
      />
      {showSuggestions && (
        <ul id={listId} role="listbox" aria-label={SEARCH_TEXT.suggestions} className={styles.suggestions}>
          {suggestions.map((s, i) => (
            <li
              key={s.label}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={styles.option}
              onMouseDown={(e) => {
                // Keeps the focus in the box, so typing goes on after the pick.
                e.preventDefault();
                choose(s);
              }}
            >
              <span className={styles.label}>{s.label}</span>
              {s.hint && <span className={styles.hint}>{s.hint}</span>}
            </li>
          ))}
        </ul>
      )}
      {narrow && (
        <Button variant="ghost" onClick={cancel}>
          {SEARCH_TEXT.cancel}
        </Button>
      )}
      {search.open && (
        <Suspense fallback={null}>
          <SearchPanel query={search.query} offset={search.offset} />
        </Suspense>
      )}
    </div>
  );
}
