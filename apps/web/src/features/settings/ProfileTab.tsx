import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@hearth/protocol';
import { BIO_MAX, SOCIAL_KEYS, SOCIAL_LABELS } from '@hearth/protocol/profile-rules';
import { useServices } from '../../app/services';
import { updateSessionUser, useSession } from '../../app/session';
import { Button, Spinner } from '../../ui';
import { profileKeys, useProfile } from '../profiles';
import { Banner } from './Banner';
import { ImageSection } from './ImageSection';
import { PronounsEditor } from './PronounsEditor';
import { useSaver } from './useSaver';
import styles from './Settings.module.css';

type FieldAnswer = { message: string; profile: UserProfile };

/** The Profile tab (spec 3 §2): nickname, picture, banner, pronouns, About Me, social links. */
export function ProfileTab() {
  const user = useSession()?.user;
  const profile = useProfile(user?.username ?? '');
  if (!user) return null;
  if (!profile.data)
    return profile.isLoading ? <Spinner size={24} label="Loading profile" /> : <p>Failed to load profile</p>;
  return <ProfileForms profile={profile.data} />;
}

function ProfileForms({ profile }: { profile: UserProfile }) {
  const services = useServices();
  const qc = useQueryClient();
  const user = useSession()!.user;
  /** Saves through one of the profile calls; the answer's profile becomes the cached one and the session's. */
  const save = async (path: string, body: unknown): Promise<string> => {
    const answer = await services.http.put<FieldAnswer>(path, body);
    qc.setQueryData(profileKeys.profile(user.username), answer.profile);
    const p = answer.profile;
    updateSessionUser(services, {
      nickname: p.nickname,
      pronouns: p.pronouns,
      pronouns_bg_color: p.pronouns_bg_color,
      pronouns_text_color: p.pronouns_text_color,
    });
    return answer.message;
  };
  return (
    <div className={styles.tabBody}>
      <NicknameForm initial={profile.nickname ?? ''} save={(nickname) => save('/user/update-nickname', { nickname })} />
      <ImageSection kind="avatar" user={user} current={user.profile_image_url} />
      <ImageSection kind="banner" user={user} current={profile.profile_banner_url} />
      <PronounsEditor profile={profile} save={(body) => save('/user/update-pronouns', body)} />
      <BioForm initial={profile.bio ?? ''} save={(bio) => save('/user/update-bio', { bio })} />
      <SocialForm initial={profile.social_links} save={(body) => save('/user/update-social-links', body)} />
    </div>
  );
}

function NicknameForm({ initial, save }: { initial: string; save(nickname: string): Promise<string> }) {
  const [value, setValue] = useState(initial);
  const saver = useSaver();
  return (
    <form
      className={styles.section}
      aria-labelledby="nickname-title"
      onSubmit={(event) => {
        event.preventDefault();
        void saver.run(() => save(value), 'Failed to update nickname');
      }}
    >
      <h3 id="nickname-title" className={styles.sectionTitle}>
        Nickname
      </h3>
      <label className={styles.field}>
        Preferred Nickname
        <input value={value} maxLength={32} onChange={(event) => setValue(event.target.value)} />
      </label>
      <Button type="submit" disabled={saver.busy}>
        {saver.busy ? 'Saving...' : 'Save Nickname'}
      </Button>
      <Banner outcome={saver.outcome} />
    </form>
  );
}

function BioForm({ initial, save }: { initial: string; save(bio: string): Promise<string> }) {
  const [value, setValue] = useState(initial);
  const saver = useSaver();
  const length = Array.from(value).length;
  return (
    <form
      className={styles.section}
      aria-labelledby="bio-title"
      onSubmit={(event) => {
        event.preventDefault();
        void saver.run(() => save(value.trim()), 'Failed to update bio');
      }}
    >
      <h3 id="bio-title" className={styles.sectionTitle}>
        About Me
      </h3>
      <label className={styles.field}>
        About Me
        <textarea value={value} rows={4} maxLength={BIO_MAX} onChange={(event) => setValue(event.target.value)} />
      </label>
      <p className={styles.counter} aria-live="polite">
        {length}/{BIO_MAX}
      </p>
      <Button type="submit" disabled={saver.busy}>
        {saver.busy ? 'Saving...' : 'Save Bio'}
      </Button>
      <Banner outcome={saver.outcome} />
    </form>
  );
}

function SocialForm({
  initial,
  save,
}: {
  initial: Record<string, string>;
  save(body: Record<string, string | null>): Promise<string>;
}) {
  const [values, setValues] = useState<Record<string, string>>({ ...initial });
  const saver = useSaver();
  return (
    <form
      className={styles.section}
      aria-labelledby="social-title"
      onSubmit={(event) => {
        event.preventDefault();
        // Spec 3 §5: no checks here; empty fields go as null.
        const body = Object.fromEntries(SOCIAL_KEYS.map((k) => [`social_${k}`, values[k]?.trim() || null]));
        void saver.run(() => save(body), 'Failed to update social links');
      }}
    >
      <h3 id="social-title" className={styles.sectionTitle}>
        Social Links
      </h3>
      <div className={styles.socialGrid}>
        {SOCIAL_KEYS.map((k) => (
          <label key={k} className={styles.field}>
            {SOCIAL_LABELS[k]}
            <input
              value={values[k] ?? ''}
              maxLength={200}
              onChange={(event) => setValues((v) => ({ ...v, [k]: event.target.value }))}
            />
          </label>
        ))}
      </div>
      <Button type="submit" disabled={saver.busy}>
        {saver.busy ? 'Saving...' : 'Save Social Links'}
      </Button>
      <Banner outcome={saver.outcome} />
    </form>
  );
}
