import { type ReactNode, useId } from 'react';
import type { FriendRequest, PublicUser } from '@hearth/protocol';
import { Button, Spinner } from '../../ui';
import { FriendRow } from './FriendRow';
import { BlockedActions, FriendActions, IncomingActions, OutgoingActions } from './FriendRowActions';
import { type FriendsTab, type TabCounts, emptyText, filterBySearch } from './friend-lists';
import type { useFriendsData } from './useFriendsData';
import { FRIENDS_TEXT } from './texts';
import styles from './FriendsPage.module.css';

export interface FriendsTabPanelProps {
  tab: FriendsTab;
  data: ReturnType<typeof useFriendsData>;
  counts: TabCounts;
  isOnline(userId: number): boolean;
  search: string;
  onSearchChange(search: string): void;
  onMessage(user: PublicUser): void;
}

/** One tab of the friends page: the search box, then its rows (or loading, the failure, an empty text). */
export function FriendsTabPanel({ search, onSearchChange, ...props }: FriendsTabPanelProps) {
  return (
    <>
      <input
        type="search"
        className={styles.input}
        placeholder={FRIENDS_TEXT.searchPlaceholder}
        aria-label="Search friends"
        value={search}
        onChange={(event) => onSearchChange(event.target.value)}
      />
      <TabBody search={search} {...props} />
    </>
  );
}

function TabBody({ tab, data, counts, isOnline, search, onMessage }: Omit<FriendsTabPanelProps, 'onSearchChange'>) {
  if (data.state.kind === 'loading')
    return (
      <div className={styles.status}>
        <Spinner size={24} label="Loading friends" />
      </div>
    );
  if (data.state.kind === 'failed')
    return (
      <div className={styles.status} role="alert">
        <p className={styles.statusText}>{FRIENDS_TEXT.loadFailed}</p>
        {data.state.detail && <p className={styles.hint}>{data.state.detail}</p>}
        <Button variant="secondary" onClick={data.retry}>
          {FRIENDS_TEXT.tryAgain}
        </Button>
      </div>
    );

  const { lists } = data;
  const empty = <p className={styles.status}>{emptyText(tab, counts)}</p>;

  if (tab === 'pending') {
    const incoming = filterBySearch(lists.incoming, search);
    const outgoing = filterBySearch(lists.outgoing, search);
    if (incoming.length === 0 && outgoing.length === 0) return empty;
    return (
      <>
        <RequestSection title="Incoming" requests={incoming}>
          {(request) => <IncomingActions request={request} />}
        </RequestSection>
        <RequestSection title="Outgoing" requests={outgoing}>
          {(request) => <OutgoingActions request={request} />}
        </RequestSection>
      </>
    );
  }

  if (tab === 'blocked') {
    const blocked = filterBySearch(lists.blocked, search);
    if (blocked.length === 0) return empty;
    return (
      <ul className={styles.list}>
        {blocked.map(({ user }) => (
          <FriendRow key={user.id} user={user}>
            <BlockedActions user={user} />
          </FriendRow>
        ))}
      </ul>
    );
  }

  const friends = filterBySearch(
    tab === 'online' ? lists.friends.filter((f) => isOnline(f.user.id)) : lists.friends,
    search,
  );
  if (friends.length === 0) return empty;
  return (
    <ul className={styles.list}>
      {friends.map(({ user }) => (
        <FriendRow key={user.id} user={user}>
          <FriendActions user={user} onMessage={onMessage} />
        </FriendRow>
      ))}
    </ul>
  );
}

/** Incoming or outgoing requests under their own heading; nothing when there are none. */
function RequestSection({
  title,
  requests,
  children,
}: {
  title: string;
  requests: readonly FriendRequest[];
  children(request: FriendRequest): ReactNode;
}) {
  const headingId = useId();
  if (requests.length === 0) return null;
  return (
    <section className={styles.requests} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {title} — {requests.length}
      </h3>
      <ul className={styles.list}>
        {requests.map((request) => (
          <FriendRow key={request.friendship_id} user={request.user}>
            {children(request)}
          </FriendRow>
        ))}
      </ul>
    </section>
  );
}
