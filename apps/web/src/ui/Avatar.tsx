import { useState } from 'react';
import { cx } from './cx';
import { avatarColour, avatarInitials } from './avatar-look';
import styles from './Avatar.module.css';

export type PresenceStatus = 'online' | 'away' | 'busy' | 'offline';

const STATUS_LABELS: Record<PresenceStatus, string> = {
  online: 'Online',
  away: 'Away',
  busy: 'Busy',
  offline: 'Offline',
};

export interface AvatarProps {
  name: string;
  src?: string | null;
  /** Diameter in px. */
  size?: number;
  status?: PresenceStatus;
  className?: string;
}

export function Avatar({ name, src, size = 32, status, className }: AvatarProps) {
  // Remembering which URL failed lets a new src be tried again without an effect.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const showImage = Boolean(src) && src !== failedSrc;

  return (
    <span className={cx(styles.avatar, className)} style={{ width: size, height: size }}>
      {showImage ? (
        <img className={styles.image} src={src ?? undefined} alt={name} onError={() => setFailedSrc(src ?? null)} />
      ) : (
        <span
          className={styles.initials}
          role="img"
          aria-label={name}
          style={{ background: avatarColour(name), fontSize: Math.max(10, Math.round(size * 0.4)) }}
        >
          {avatarInitials(name)}
        </span>
      )}
      {status && (
        <span
          className={styles.status}
          data-status={status}
          role="img"
          aria-label={STATUS_LABELS[status]}
          style={{ width: Math.max(8, size * 0.3), height: Math.max(8, size * 0.3) }}
        />
      )}
    </span>
  );
}
