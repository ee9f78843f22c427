import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SelfUser } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { updateSessionUser } from '../../app/session';
import { Avatar, Button } from '../../ui';
import { profileKeys } from '../profiles';
import { Banner } from './Banner';
import { imageProblem, type CropKind } from './crop';
import { useSaver } from './useSaver';
import styles from './Settings.module.css';

const CropDialog = lazy(() => import('./CropDialog'));

const TEXT = {
  avatar: {
    title: 'Profile Picture',
    upload: 'Upload',
    remove: 'Remove',
    uploaded: 'Profile picture updated successfully!',
    removed: 'Profile picture removed successfully!',
    failed: 'Failed to upload profile picture',
    hint: 'JPEG, PNG, GIF or WebP under 10 MB; cropped square. Recommended 128×128 or larger.',
  },
  banner: {
    title: 'Profile Banner',
    upload: 'Upload Banner',
    remove: 'Remove Banner',
    uploaded: 'Profile banner updated successfully!',
    removed: 'Profile banner removed successfully!',
    failed: 'Failed to upload profile banner',
    hint: 'JPEG, PNG, GIF or WebP under 10 MB; cropped 16:5. Recommended 1600×320.',
  },
} as const;

/** The picture or banner of the Profile tab: pick or drop a file, crop it, upload; or remove it (spec 3 §2). */
export function ImageSection({
  kind,
  user,
  current,
}: {
  kind: Exclude<CropKind, 'groupIcon'>;
  user: SelfUser;
  current: string | null;
}) {
  const services = useServices();
  const qc = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const saver = useSaver();
  const text = TEXT[kind];

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = imageProblem(file);
    if (problem) return saver.setOutcome({ kind: 'error', text: problem });
    saver.setOutcome(null);
    setPicked(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    pick(event.dataTransfer.files[0]);
  };
  const refresh = () => void qc.invalidateQueries({ queryKey: profileKeys.profile(user.username) });

  const upload = (file: File) => {
    setPicked(null);
    void saver.run(async () => {
      const form = new FormData();
      form.append('file', file, file.name);
      const path = kind === 'avatar' ? '/upload/profile-image' : '/upload/profile-banner';
      const answer = await services.http.post<{ image_url?: string; banner_url?: string }>(path, form);
      if (answer.image_url) updateSessionUser(services, { profile_image_url: answer.image_url });
      refresh();
      return text.uploaded;
    }, text.failed);
  };
  const remove = () =>
    void saver.run(
      async () => {
        await services.http.delete(kind === 'avatar' ? '/profile-image' : '/profile-banner');
        if (kind === 'avatar') updateSessionUser(services, { profile_image_url: null });
        refresh();
        return text.removed;
      },
      `Failed to remove ${kind === 'avatar' ? 'profile picture' : 'profile banner'}`,
    );

  return (
    <section className={styles.section} aria-labelledby={`${kind}-title`}>
      <h3 id={`${kind}-title`} className={styles.sectionTitle}>
        {text.title}
      </h3>
      <div className={styles.imageRow} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        {kind === 'avatar' ? (
          <Avatar name={user.username} src={current} size={80} />
        ) : (
          <div className={styles.bannerPreview}>{current ? <img src={current} alt="Current banner" /> : null}</div>
        )}
        <div className={styles.imageActions}>
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp"
            className={styles.fileInput}
            aria-label={`Choose a ${kind === 'avatar' ? 'profile picture' : 'profile banner'}`}
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button onClick={() => input.current?.click()} disabled={saver.busy}>
            {saver.busy ? 'Uploading...' : text.upload}
          </Button>
          {current && (
            <Button variant="secondary" onClick={remove} disabled={saver.busy}>
              {text.remove}
            </Button>
          )}
          <p className={styles.hint}>{text.hint} Or drop a file here.</p>
        </div>
      </div>
      <Banner outcome={saver.outcome} />
      {picked && (
        <Suspense fallback={null}>
          <CropDialog file={picked} kind={kind} onCancel={() => setPicked(null)} onApply={upload} />
        </Suspense>
      )}
    </section>
  );
}
