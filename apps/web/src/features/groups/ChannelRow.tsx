import type { Channel } from '@hearth/protocol';
import { ContextMenu, VisuallyHidden, type MenuItem } from '../../ui';
import { HashIcon, SpeakerIcon } from './icons';
import styles from './ChannelSidebar.module.css';

export interface ChannelRowProps {
  channel: Channel;
  selected: boolean;
  menu: MenuItem[];
  onSelect: (channel: Channel) => void;
}

/** A text channel opens its chat; a voice channel is listed only (joining comes with voice). */
export function ChannelRow({ channel, selected, menu, onSelect }: ChannelRowProps) {
  const voice = channel.channel_type === 'voice';
  return (
    <li>
      <ContextMenu items={menu} label={channel.name}>
        {voice ? (
          <div className={styles.channel} data-voice="">
            <SpeakerIcon className={styles.channelIcon} />
            <bdi className={styles.channelName} title={channel.name}>
              {channel.name}
            </bdi>
            <VisuallyHidden> (voice channel)</VisuallyHidden>
          </div>
        ) : (
          <button
            type="button"
            className={styles.channel}
            aria-current={selected ? 'page' : undefined}
            // The description when there is one, else the whole name the row may cut short.
            title={channel.description ?? channel.name}
            onClick={() => onSelect(channel)}
          >
            <HashIcon className={styles.channelIcon} />
            <bdi className={styles.channelName}>{channel.name}</bdi>
          </button>
        )}
      </ContextMenu>
    </li>
  );
}
