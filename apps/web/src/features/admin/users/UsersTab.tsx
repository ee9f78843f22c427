import { useState } from 'react';
import { LOAD_FAILED, SEARCH_USERS_PLACEHOLDER } from '../admin-texts';
import { useAdminUsers } from '../admin-queries';
import { matchesSearch, userCounts } from '../user-list';
import { LoadState } from '../parts/LoadState';
import { SearchBox } from '../parts/SearchBox';
import { StatCards } from '../parts/StatCards';
import { useRowSearch } from '../parts/useRowSearch';
import { UserDialogs } from './UserDialogs';
import { UserList } from './UserList';
import type { UserDialog } from './user-dialogs';
import styles from '../parts/AdminParts.module.css';

/** Users (spec 3 §2): the counters, the search, and each user with their actions. */
export function UsersTab() {
  const users = useAdminUsers();
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const all = users.data ?? [];
  const counts = userCounts(all);
  const { shown, box } = useRowSearch(all, matchesSearch);

  return (
    <div className={styles.tab}>
      <StatCards
        stats={[
          { label: 'Total', value: counts.total },
          { label: 'Admins', value: counts.admins },
          { label: 'Suspended', value: counts.suspended },
          { label: 'Active', value: counts.active },
        ]}
      />
      <div className={styles.toolbar}>
        <SearchBox label="Search users" placeholder={SEARCH_USERS_PLACEHOLDER} {...box} />
      </div>
      <LoadState query={users} loading="Loading users" failed={LOAD_FAILED.users}>
        {shown.length === 0 ? (
          <p className={styles.note}>No users found</p>
        ) : (
          <UserList users={shown} onDialog={setDialog} />
        )}
      </LoadState>
      <UserDialogs dialog={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
