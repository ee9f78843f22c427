import { useId } from 'react';
import type { Group, GroupReadStatus } from '@hearth/protocol';
import { ContextMenu, type MenuItem } from '../../ui';
import { MentionBadge, UnreadDescription, UnreadPill, unreadText } from '../read-status/UnreadMarks';
import { GroupIcon } from './GroupIcon';
import styles from './GroupRail.module.css';

export interface GroupButtonProps {
  group: Group;
  status: GroupReadStatus;
  current: boolean;
  /** Muted by the user: no unread pill (mentions still count), and dimmed. */
  muted?: boolean;
  menu: MenuItem[];
  onOpen: () => void;
}

/**
 * One group of the rail, with its read status: the pill at the rail's edge while something is
 * unread, and the count of unread mentions on the icon's corner. Both sit beside the button, whose
 * round shape clips what it holds; the button is described by them, its name stays the group's.
 */
export function GroupButton({ group, status, current, muted = false, menu, onOpen }: GroupButtonProps) {
  const descriptionId = useId();
  const mentions = status.total_unread_mentions;
  const unread = status.has_unread_messages && !muted;
  const described = [muted && 'Muted', unreadText(unread, mentions)].filter(Boolean).join(', ') || null;
  return (
    <li className={styles.item}>
      <ContextMenu items={menu} label={group.name}>
        <button
          type="button"
          className={styles.button}
          data-muted={muted || undefined}
          aria-label={group.name}
          title={group.name}
          aria-current={current ? 'true' : undefined}
          aria-describedby={described ? descriptionId : undefined}
          onClick={onOpen}
        >
          <GroupIcon group={group} />
        </button>
      </ContextMenu>
      {unread && !current && <UnreadPill className={styles.unreadPill} />}
      <MentionBadge count={mentions} className={styles.mentionBadge} />
      {described && <UnreadDescription id={descriptionId}>{described}</UnreadDescription>}
    </li>
  );
}
