import { IconButton, MobileHeader } from '../../ui';
import { useIsNarrow } from '../../app/useIsNarrow';
import { useNavigation } from '../../app/navigation';
import { ConnectionChip } from './ConnectionChip';
import { SearchBox } from '../search';
import { MembersIcon } from './icons';
import { PinsButton } from '../pins';
import styles from './ChannelChat.module.css';

export interface ChannelHeaderProps {
  /** The channel, for its pinned messages button. */
  channelId: number;
  channelName: string;
  groupName?: string;
  description?: string | null;
  membersOpen: boolean;
  onToggleMembers(): void;
}

export function ChannelHeader({
  channelId,
  channelName,
  groupName,
  description,
  membersOpen,
  onToggleMembers,
}: ChannelHeaderProps) {
  const narrow = useIsNarrow();
  const nav = useNavigation();
  const actions = (
    <>
      <ConnectionChip />
      <PinsButton place={{ kind: 'channel', channelId }} />
      <IconButton aria-label="Toggle member list" aria-pressed={membersOpen} onClick={onToggleMembers}>
        <MembersIcon size={20} />
      </IconButton>
      {/* Last, as in Discord: the widest control, at the end of the row. */}
      <SearchBox />
    </>
  );
  if (narrow) {
    return (
      <MobileHeader
        title={`#${channelName}`}
        subtitle={groupName}
        onBack={() => nav.setMobilePane('sidebar')}
        actions={actions}
      />
    );
  }
  return (
    <header className={styles.header}>
      {/* A long name is cut with an ellipsis so the chip and the members button stay; hover shows it whole. */}
      <h2 className={styles.title} title={`#${channelName}`}>
        <bdi>#{channelName}</bdi>
      </h2>
      {description && <p className={styles.description}>{description}</p>}
      <div className={styles.headerActions}>{actions}</div>
    </header>
  );
}
