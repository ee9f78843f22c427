import type { Role } from '@hearth/protocol';
import { formatFull, formatTime } from './format-time';
import { RoleBadge } from '../../ui/RoleBadge';
import styles from './MessageItem.module.css';

/** The first message of a group: author, badge and time. */
export function MessageHeader({
  name,
  role,
  timestamp,
  onOpenProfile,
}: {
  name: string;
  role: Role;
  timestamp: string;
  /** Opens the author's mini profile next to the name. */
  onOpenProfile?(from: HTMLElement): void;
}) {
  return (
    <div className={styles.meta}>
      {/* User text is isolated, so a right-to-left override in it cannot reorder what follows. */}
      {onOpenProfile ? (
        <button
          type="button"
          className={styles.authorButton}
          tabIndex={-1}
          onClick={(event) => onOpenProfile(event.currentTarget)}
        >
          <bdi className={styles.author}>{name}</bdi>
        </button>
      ) : (
        <bdi className={styles.author}>{name}</bdi>
      )}
      <RoleBadge role={role} username={name} />
      <time className={styles.time} dateTime={timestamp} title={formatFull(timestamp)}>
        {formatTime(timestamp)}
      </time>
    </div>
  );
}

/** In place of the avatar of a grouped message: its time, shown while the message is hovered or focused. */
export function GutterTime({ timestamp }: { timestamp: string }) {
  return (
    <span className={styles.gutter}>
      <time className={styles.gutterTime} dateTime={timestamp} title={formatFull(timestamp)}>
        {formatTime(timestamp)}
      </time>
    </span>
  );
}
