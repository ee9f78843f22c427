import { useId } from 'react';
import type { Channel } from '@hearth/protocol';
import { ContextMenu, VisuallyHidden, type MenuItem } from '../../ui';
import { cx } from '../../ui/cx';
import { useChannelReadStatus } from '../read-status/queries';
import { MentionBadge, UnreadDescription, UnreadPill, unreadText } from '../read-status/UnreadMarks';
import { HashIcon, SpeakerIcon } from './icons';
import { isChannelMuted, isGroupMuted, useNotificationPreferences } from '../notifications';
import { useJoinVoice, VoiceCount, VoiceParticipantList } from '../voice';
import styles from './ChannelSidebar.module.css';

export interface ChannelRowProps {
  channel: Channel;
  selected: boolean;
  menu: MenuItem[];
  onSelect: (channel: Channel) => void;
}

/** A text channel opens its chat; a voice channel joins it, and lists who is in it. */
export function ChannelRow({ channel, selected, menu, onSelect }: ChannelRowProps) {
  const voice = channel.channel_type === 'voice';
  const joinVoice = useJoinVoice();
  const status = useChannelReadStatus(channel.id);
  const prefs = useNotificationPreferences();
  // Muted (itself or its group): no unread mark, dimmed; mentions of the user still count.
  const muted = isChannelMuted(prefs, channel.id) || isGroupMuted(prefs, channel.group_id);
  const unread = (status?.has_unread ?? false) && !muted;
  const mentions = status?.unread_mentions ?? 0;
  const described = [muted && 'Muted', unreadText(unread, mentions)].filter(Boolean).join(', ') || null;
  const descriptionId = useId();
  return (
    <li className={styles.row}>
      <ContextMenu items={menu} label={channel.name}>
        {voice ? (
          <button type="button" className={styles.channel} data-voice="" onClick={() => joinVoice(channel)}>
            <SpeakerIcon className={styles.channelIcon} />
            <bdi className={styles.channelName} title={channel.name}>
              {channel.name}
            </bdi>
            <VisuallyHidden> (voice channel)</VisuallyHidden>
            <VoiceCount channelId={channel.id} />
          </button>
        ) : (
          <button
            type="button"
            className={cx(styles.channel, unread && styles.unread)}
            data-muted={muted || undefined}
            aria-current={selected ? 'page' : undefined}
            aria-describedby={described ? descriptionId : undefined}
            // The description when there is one, else the whole name the row may cut short.
            title={channel.description ?? channel.name}
            onClick={() => onSelect(channel)}
          >
            <HashIcon className={styles.channelIcon} />
            <bdi className={styles.channelName}>{channel.name}</bdi>
            <MentionBadge count={mentions} className={styles.mentionBadge} />
          </button>
        )}
      </ContextMenu>
      {voice && <VoiceParticipantList channelId={channel.id} channelName={channel.name} />}
      {unread && !selected && <UnreadPill />}
      {described && <UnreadDescription id={descriptionId}>{described}</UnreadDescription>}
    </li>
  );
}
