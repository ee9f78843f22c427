import { Avatar } from '../../ui';
import { cx } from '../../ui/cx';
import { HeadphonesOffIcon, MicOffIcon } from './icons';
import { useVoiceParticipants } from './voice-queries';
import styles from './Voice.module.css';

/** Spec 2 §2: names in the voice list are cut at 10 characters. */
const NAME_MAX = 10;
const shortName = (name: string) => (name.length > NAME_MAX ? `${name.slice(0, NAME_MAX)}…` : name);

/** Who is in a voice channel, under its row in the sidebar: speaking ring, muted and deafened marks. */
export function VoiceParticipantList({ channelId, channelName }: { channelId: number; channelName: string }) {
  const { data } = useVoiceParticipants(channelId);
  if (!data || data.length === 0) return null;
  return (
    <ul className={styles.participants} aria-label={`In ${channelName}`}>
      {data.map((p) => {
        const name = p.nickname ?? p.username;
        return (
          <li key={p.user_id} className={styles.participant}>
            {/* The picture (blank when its owner's blur hides it) or the initials; the name follows as text. */}
            <span className={cx(styles.avatar, p.is_speaking && styles.speaking)} aria-hidden="true">
              <Avatar name={name} src={p.profile_image_url} size={20} />
            </span>
            <bdi className={styles.name} title={name}>
              {shortName(name)}
            </bdi>
            {p.is_speaking && <span className={styles.srOnly}> (speaking)</span>}
            {p.is_muted && (
              <MicOffIcon size={14} className={styles.mark} role="img" aria-hidden={false} aria-label="Muted" />
            )}
            {p.is_deafened && (
              <HeadphonesOffIcon
                size={14}
                className={styles.mark}
                role="img"
                aria-hidden={false}
                aria-label="Deafened"
              />
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** How many are in the channel, for its row (nothing when it is empty); the list says it to screen readers. */
export function VoiceCount({ channelId }: { channelId: number }) {
  const { data } = useVoiceParticipants(channelId);
  if (!data || data.length === 0) return null;
  return (
    <span className={styles.count} aria-hidden="true">
      {data.length}
    </span>
  );
}
