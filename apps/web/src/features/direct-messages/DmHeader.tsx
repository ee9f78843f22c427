import type { PublicUser } from '@hearth/protocol';
import { IconButton } from '../../ui';
import { BackIcon } from '../../ui/icons';
import { useIsNarrow } from '../../app/useIsNarrow';
import { PresenceAvatar, presenceText, usePresence } from '../presence';
import { RoleBadge } from '../../ui/RoleBadge';
import styles from './DmChat.module.css';

/**
 * The DM chat's header (spec 2 §2): name, badges, 'Direct Message' and presence, back on narrow
 * screens. Voice calls add their Call button in `actions` (never for the system account).
 */
export function DmHeader({ user, onBack }: { user: PublicUser; onBack(): void }) {
  const narrow = useIsNarrow();
  const presence = usePresence(user.id);
  const name = user.nickname || user.username;
  const system = user.role === 'SYSTEM';
  return (
    <header className={styles.header} data-system={system || undefined}>
      {narrow && (
        <IconButton aria-label="Back" onClick={onBack}>
          <BackIcon size={22} />
        </IconButton>
      )}
      <PresenceAvatar userId={user.id} name={name} src={user.profile_image_url} size={32} />
      <div className={styles.heading}>
        <h2 className={styles.title}>
          <bdi>{name}</bdi>
          <RoleBadge role={user.role} />
        </h2>
        <p className={styles.subtitle}>Direct Message{system ? '' : ` · ${presenceText(presence)}`}</p>
      </div>
    </header>
  );
}
