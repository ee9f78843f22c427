import type { ReactNode } from 'react';
import type { PublicUser } from '@hearth/protocol';
import { Avatar } from '../../ui';
import { PresenceDot } from '../presence';
import { displayName } from './friend-lists';
import styles from './FriendsPage.module.css';

/** One person on the friends page: avatar and presence dot, display name and @username, then the row's actions. */
export function FriendRow({ user, children }: { user: PublicUser; children: ReactNode }) {
  const name = displayName(user);
  return (
    <li className={styles.row}>
      <span className={styles.avatar}>
        {/* The name follows as text; the picture need not be read out as well. The dot is (Online, Away…). */}
        <span aria-hidden="true">
          <Avatar name={name} src={user.profile_image_url} size={36} />
        </span>
        <PresenceDot userId={user.id} className={styles.dot} />
      </span>
      <span className={styles.names}>
        <bdi className={styles.displayName}>{name}</bdi>
        <span className={styles.username}>
          @<bdi>{user.username}</bdi>
        </span>
      </span>
      <span className={styles.actions}>{children}</span>
    </li>
  );
}
