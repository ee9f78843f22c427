import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { Channel, SearchMessage } from '@hearth/protocol';
import { SEARCH_PAGE_SIZE, SEARCH_TEXT } from '@hearth/protocol/search-rules';
import { useServices } from '../../app/services';
import { useNavigation } from '../../app/navigation';
import { dmPath } from '../../app/routes';
import { Button, IconButton, Spinner } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import { requestJump } from '../messages';
import { formatDay, formatTime } from '../messages/format-time';
import { groupKeys } from '../groups/queries';
import { highlightParts } from './highlight';
import { fetchSearchPage, searchKeys } from './search-api';
import { searchState } from './search-state';
import styles from './SearchPanel.module.css';

/** Results stay fresh for a short while: paging back and forth does not search again. */
const RESULTS_STALE_MS = 30_000;

function ResultText({ message }: { message: SearchMessage }) {
  return (
    <p className={styles.text}>
      {highlightParts(message.content, message.highlights).map((part, i) =>
        part.marked ? (
          <mark key={i} className={styles.mark}>
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

/**
 * The results of a search, below the search box: how many, a page of messages newest first with the
 * matched words marked, and paging. A click on a result goes to its channel or conversation and
 * shows the message centred in the history (the jump of replies).
 */
export default function SearchPanel({ query, offset }: { query: string; offset: number }) {
  const { http } = useServices();
  const qc = useQueryClient();
  const nav = useNavigation();
  const [location, navigate] = useLocation();
  const results = useQuery({
    queryKey: searchKeys.page(query, offset),
    queryFn: () => fetchSearchPage(http, query, offset),
    placeholderData: keepPreviousData,
    staleTime: RESULTS_STALE_MS,
    retry: false,
  });
  const channels = qc.getQueryData<Channel[]>(groupKeys.channels) ?? [];
  const placeName = (m: SearchMessage) =>
    m.dm_user_id !== null ? 'Direct message' : `#${channels.find((c) => c.id === m.channel_id)?.name ?? '…'}`;

  const open = (m: SearchMessage) => {
    requestJump(m.channel_id, m.id);
    searchState.close();
    if (m.dm_user_id !== null) {
      const path = dmPath(m.dm_user_id);
      if (location !== path) navigate(path);
    } else if (m.group_id !== null) {
      nav.selectChannel(m.channel_id, m.group_id);
    }
  };

  const data = results.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / SEARCH_PAGE_SIZE)) : 1;
  const page = Math.floor(offset / SEARCH_PAGE_SIZE) + 1;
  return (
    <section
      className={styles.panel}
      aria-label={SEARCH_TEXT.resultsTitle}
      onKeyDown={(e) => {
        if (e.key === 'Escape') searchState.close();
      }}
    >
      <header className={styles.header}>
        <h3 className={styles.count} aria-live="polite">
          {results.isError
            ? results.error.message || SEARCH_TEXT.failed
            : data
              ? SEARCH_TEXT.count(data.total, data.total_capped)
              : SEARCH_TEXT.searching}
        </h3>
        <IconButton aria-label={SEARCH_TEXT.close} onClick={() => searchState.close()}>
          <CloseIcon size={18} />
        </IconButton>
      </header>
      {results.isPending && <Spinner />}
      {data && data.messages.length === 0 && <p className={styles.empty}>{SEARCH_TEXT.noResults}</p>}
      {data && data.messages.length > 0 && (
        <ol className={styles.list} aria-busy={results.isFetching}>
          {data.messages.map((m) => (
            <li key={m.id}>
              <button type="button" className={styles.result} onClick={() => open(m)}>
                <span className={styles.meta}>
                  <span className={styles.place}>{placeName(m)}</span>
                  <span className={styles.author}>{m.nickname || m.username}</span>
                  <time dateTime={m.timestamp} className={styles.time}>
                    {formatDay(m.timestamp)} {formatTime(m.timestamp)}
                  </time>
                </span>
                <ResultText message={m} />
              </button>
            </li>
          ))}
        </ol>
      )}
      {data && pages > 1 && (
        <nav className={styles.paging} aria-label={SEARCH_TEXT.resultsTitle}>
          <Button
            variant="secondary"
            size="sm"
            disabled={page <= 1}
            onClick={() => searchState.page(Math.max(0, offset - SEARCH_PAGE_SIZE))}
          >
            {SEARCH_TEXT.previous}
          </Button>
          <span className={styles.pageOf}>{SEARCH_TEXT.page(page, pages)}</span>
          <Button
            variant="secondary"
            size="sm"
            disabled={page >= pages}
            onClick={() => searchState.page(offset + SEARCH_PAGE_SIZE)}
          >
            {SEARCH_TEXT.next}
          </Button>
        </nav>
      )}
    </section>
  );
}
