import { useId } from 'react';
import { useLocation } from 'wouter';
import { SOCIAL_KEYS, SOCIAL_LABELS } from '@hearth/protocol/profile-rules';
import { BackIcon } from '../../ui/icons';
import { IconButton, Spinner } from '../../ui';
import { ProfileActions } from './ProfileActions';
import { ProfileCard } from './ProfileCard';
import { useProfile } from './queries';
import styles from './Profiles.module.css';

/** Only web addresses become links; anything else (a handle, a gamer tag) is shown as text. */
const asLink = (value: string) => (/^https?:\/\//i.test(value) ? value : null);

/** The full profile page at /profile/{username} (spec 3 §2); back returns to /. */
export function ProfilePage({ username }: { username: string }) {
  const profile = useProfile(username);
  const [, navigate] = useLocation();
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={profile.data ? titleId : undefined}>
      <div className={styles.pageBar}>
        <IconButton aria-label="Back" onClick={() => navigate('/')}>
          <BackIcon size={22} />
        </IconButton>
      </div>
      {profile.isLoading ? (
        <Spinner size={24} label="Loading profile" />
      ) : !profile.data ? (
        <>
          <h1 className={styles.displayName}>
            <bdi>{username}</bdi>
          </h1>
          <p role="alert">Failed to load profile</p>
        </>
      ) : (
        <>
          <ProfileCard profile={profile.data} full titleId={titleId} headingLevel={1} />
          <ProfileActions profile={profile.data} />
          {Object.keys(profile.data.social_links).length > 0 && (
            <section className={styles.section} aria-label="Social Links">
              <h2 className={styles.sectionTitle}>Social Links</h2>
              <ul className={styles.links}>
                {SOCIAL_KEYS.filter((k) => profile.data.social_links[k]).map((k) => {
                  const value = profile.data.social_links[k]!;
                  const href = asLink(value);
                  return (
                    <li key={k}>
                      <span className={styles.linkLabel}>{SOCIAL_LABELS[k]}</span>{' '}
                      {href ? (
                        <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                          {value}
                        </a>
                      ) : (
                        <bdi>{value}</bdi>
                      )}
                    </li>
                  );
                })}
              </ul>
            </section>
          )}
        </>
      )}
    </section>
  );
}
