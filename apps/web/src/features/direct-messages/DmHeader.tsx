import type { PublicUser } from '@hearth/protocol';
import { IconButton } from '../../ui';
import { BackIcon } from '../../ui/icons';
import { useIsNarrow } from '../../app/useIsNarrow';
import { useIsApiV2 } from '../../app/api-version';
import { PresenceAvatar, presenceText, usePresence } from '../presence';
import { RoleBadge } from '../../ui/RoleBadge';
import { Icon, type IconProps } from '../../ui';
import { requestDmCall } from '../voice/start-call';
import { PinsButton } from '../pins';
import { SearchBox } from '../search';
import styles from './DmChat.module.css';

const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2Z" />
  </Icon>
);

/**
 * The DM chat's header (spec 2 §2): name, badges, 'Direct Message' and presence, back on narrow
 * screens, and the call button (never for the system account, who cannot be called). Calls are voice,
 * so on API v1 (the client's compatibility mode) the button is left out, as voice channels are.
 */
export function DmHeader({ user, onBack }: { user: PublicUser; onBack(): void }) {
  const narrow = useIsNarrow();
  const presence = usePresence(user.id);
  const name = user.nickname || user.username;
  const system = user.role === 'SYSTEM';
  const v2 = useIsApiV2();
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
      {!system && v2 && (
        <IconButton aria-label="Start voice call" title="Start voice call" onClick={() => requestDmCall(user.id)}>
          <PhoneIcon size={20} />
        </IconButton>
      )}
      <PinsButton place={{ kind: 'dm', userId: user.id }} />
      <SearchBox />
    </header>
  );
}
