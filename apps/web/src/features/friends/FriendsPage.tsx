import { useState } from 'react';
import type { PublicUser } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { Tabs } from '../../ui/Tabs';
import { usePresenceVersion } from '../presence';
import { AddFriendPanel } from './AddFriendPanel';
import { FriendsTabPanel } from './FriendsTabPanel';
import { type FriendsTab, tabCounts } from './friend-lists';
import { useFriendsData } from './useFriendsData';
import { useFriendLiveUpdates } from './useFriendLiveUpdates';
import styles from './FriendsPage.module.css';

export interface FriendsPageProps {
  /** Opens the direct-message chat with a friend. */
  onMessage(user: PublicUser): void;
}

const TABS: readonly { value: FriendsTab; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'online', label: 'Online' },
  { value: 'pending', label: 'Pending' },
  { value: 'blocked', label: 'Blocked' },
];

/** The friends page (spec 2 §2): Add Friend, then the All, Online, Pending and Blocked lists with their counts. */
export function FriendsPage({ onMessage }: FriendsPageProps) {
  useFriendLiveUpdates();
  const data = useFriendsData();
  const { presence } = useServices();
  // The Online list and count follow everyone's presence.
  usePresenceVersion();
  const isOnline = (userId: number) => presence.get(userId).isOnline;
  const [tab, setTab] = useState<FriendsTab>('all');
  const [search, setSearch] = useState('');
  const counts = tabCounts(data.lists, isOnline);
  const ready = data.state.kind === 'ready';

  return (
    <div className={styles.page}>
      <AddFriendPanel />
      <Tabs
        label="Friend lists"
        className={styles.tabs}
        value={tab}
        onValueChange={(value) => setTab(value as FriendsTab)}
        tabs={TABS.map(({ value, label }) => ({
          value,
          label: (
            <>
              {label}
              {ready && (
                <>
                  {' '}
                  <span className={styles.count}>{counts[value]}</span>
                </>
              )}
            </>
          ),
          content: (
            <FriendsTabPanel
              tab={value}
              data={data}
              counts={counts}
              isOnline={isOnline}
              search={search}
              onSearchChange={setSearch}
              onMessage={onMessage}
            />
          ),
        }))}
      />
    </div>
  );
}
