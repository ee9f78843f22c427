import type { UserProfile } from '@hearth/protocol';
import { Avatar } from '../../ui';
import { PresenceDot, presenceText, usePresence } from '../presence';
import { RoleBadge } from '../../ui/RoleBadge';
import { PronounsChip } from './PronounsChip';
import styles from './Profiles.module.css';

/** Spec 2 §2: the popup cuts the bio at 100 characters; Guardian's is fixed. */
export const BIO_PREVIEW = 100;
export const GUARDIAN_BIO =
  'The system account of this community. Guardian sends security notices and news from the admins.';
export const HIDDEN_BANNER = 'Profile hidden until friendship';

export const cutBio = (bio: string, max = BIO_PREVIEW) => {
  const chars = Array.from(bio);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : bio;
};

const joined = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** Banner, avatar with status, names, pronouns, badge, bio and joined date: the popup's and the page's top. */
export function ProfileCard({
  profile,
  full = false,
  titleId,
  headingLevel = 2,
}: {
  profile: UserProfile;
  full?: boolean;
  titleId?: string;
  headingLevel?: 1 | 2;
}) {
  const presence = usePresence(profile.id);
  const system = profile.role === 'SYSTEM';
  const name = profile.nickname || profile.username;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const bio = system ? GUARDIAN_BIO : profile.bio;
  return (
    <div className={styles.card} data-full={full || undefined}>
      <div className={styles.banner} data-hidden={profile.is_hidden || undefined}>
        {profile.is_hidden ? (
          <span>{HIDDEN_BANNER}</span>
        ) : (
          profile.profile_banner_url && <img src={profile.profile_banner_url} alt="" />
        )}
      </div>
      <div className={styles.avatarRow}>
        {profile.is_hidden ? (
          <span className={styles.hiddenAvatar} role="img" aria-label="Hidden">
            Hidden
          </span>
        ) : (
          <Avatar name={name} src={profile.profile_image_url} size={full ? 96 : 72} className={styles.avatar} />
        )}
        {!system && <PresenceDot userId={profile.id} className={styles.status} />}
      </div>
      <div className={styles.names}>
        <Heading id={titleId} className={styles.displayName}>
          <bdi>{name}</bdi>
          <RoleBadge role={profile.role} />
        </Heading>
        <p className={styles.username}>
          <bdi>@{profile.username}</bdi>
          {!system && <span className={styles.presenceText}> · {presenceText(presence)}</span>}
        </p>
        <PronounsChip
          pronouns={profile.pronouns}
          background={profile.pronouns_bg_color}
          color={profile.pronouns_text_color}
        />
      </div>
      {bio && !profile.is_hidden && (
        <section className={styles.section} aria-label="About Me">
          <h3 className={styles.sectionTitle}>About Me</h3>
          <p className={styles.bio} dir="auto">
            {full ? bio : cutBio(bio)}
          </p>
        </section>
      )}
      <p className={styles.joined}>Joined {joined(profile.created_at)}</p>
    </div>
  );
}
