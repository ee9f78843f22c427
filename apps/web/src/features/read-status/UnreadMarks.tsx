import type { ReactNode } from 'react';
import { UNREAD_BADGE_MAX } from '@hearth/protocol/constants';
import { cx } from '../../ui/cx';
import styles from './UnreadMarks.module.css';

/** '99+' above 99 (spec 2 §9). */
export const badgeCount = (count: number) => (count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count));

/** What the marks say, for assistive technology: 'Unread messages, 2 mentions'; null when all is read. */
export function unreadText(unread: boolean, mentions: number): string | null {
  const parts = [unread && 'Unread messages', mentions > 0 && `${mentions} ${mentions === 1 ? 'mention' : 'mentions'}`];
  const text = parts.filter(Boolean).join(', ');
  return text || null;
}

/**
 * The red count of unread mentions. Hidden from assistive technology: the control it sits on is
 * described by unreadText instead, so its name stays its name.
 */
export function MentionBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span className={cx(styles.mentions, className)} aria-hidden="true" data-mention-badge="">
      {badgeCount(count)}
    </span>
  );
}

/** The white pill at the left edge of an unread channel or group. */
export function UnreadPill({ className }: { className?: string }) {
  return <span className={cx(styles.pill, className)} aria-hidden="true" data-unread-pill="" />;
}

/** The description a control points to with aria-describedby; not shown. */
export function UnreadDescription({ id, children }: { id: string; children: ReactNode }) {
  return (
    <span id={id} hidden>
      {children}
    </span>
  );
}
