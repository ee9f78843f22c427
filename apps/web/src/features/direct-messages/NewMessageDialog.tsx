import { useMemo, useState } from 'react';
import type { PublicUser } from '@hearth/protocol';
import { Modal, Spinner } from '../../ui';
import { matchesSearch, useFriends } from '../friends';
import { PresenceAvatar } from '../presence';
import styles from './NewMessageDialog.module.css';

/** New Message: pick a friend to write to (direct messages go to friends, spec 1 §1). */
export function NewMessageDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onPick(user: PublicUser): void;
}) {
  const friends = useFriends();
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => (friends.data ?? []).filter((f) => matchesSearch(f.user, search)),
    [friends.data, search],
  );
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="New Message" description="Choose a friend to message.">
      <input
        className={styles.search}
        type="search"
        placeholder="Search friends..."
        aria-label="Search friends"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {friends.isLoading ? (
        <Spinner size={20} label="Loading friends" />
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{(friends.data ?? []).length === 0 ? 'No friends yet' : 'No friends found'}</p>
      ) : (
        <ul className={styles.list}>
          {shown.map((f) => {
            const name = f.user.nickname || f.user.username;
            return (
              <li key={f.user.id}>
                <button type="button" className={styles.row} onClick={() => onPick(f.user)}>
                  <PresenceAvatar userId={f.user.id} name={name} src={f.user.profile_image_url} size={28} />
                  <bdi>{name}</bdi>
                  {f.user.nickname && <span className={styles.username}>@{f.user.username}</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
