import { lazy, Suspense, useState } from 'react';
import type { Attachment } from '@hearth/protocol';
import { safeFileName } from '@hearth/protocol/file-names';
import { formatSize } from './format-size';
import { gridColumns, imageBox } from './grid-columns';
import { DownloadIcon, FileIcon } from './icons';
import { reveal, useBlurred } from './revealed';
import styles from './Attachments.module.css';

// The full-screen viewer is only needed once someone opens a picture: not in the initial bundle.
const AttachmentViewer = lazy(() => import('./AttachmentViewer'));

/** A message's attachments (spec 1 §2): pictures, video and audio players, and download cards. */
export function MessageAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  const [viewing, setViewing] = useState<number | null>(null);
  if (attachments.length === 0) return null;
  const media = attachments.filter((a) => a.attachment_type === 'image' || a.attachment_type === 'video');
  const files = attachments.filter((a) => a.attachment_type === 'audio' || a.attachment_type === 'other');
  const pictures = attachments.filter((a) => a.attachment_type === 'image');
  return (
    <div className={styles.attachments}>
      {media.length > 0 && (
        <div className={styles.grid} style={{ gridTemplateColumns: gridColumns(media.length) }}>
          {media.map((a) =>
            a.attachment_type === 'image' ? (
              <Picture
                key={a.id}
                attachment={a}
                single={media.length === 1}
                onOpen={() => setViewing(pictures.findIndex((p) => p.id === a.id))}
              />
            ) : (
              <Video key={a.id} attachment={a} />
            ),
          )}
        </div>
      )}
      {files.map((a) =>
        a.attachment_type === 'audio' ? <Audio key={a.id} attachment={a} /> : <FileCard key={a.id} attachment={a} />,
      )}
      {viewing !== null && (
        <Suspense fallback={null}>
          <AttachmentViewer pictures={pictures} start={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </div>
  );
}

function Picture({ attachment: a, single, onOpen }: { attachment: Attachment; single: boolean; onOpen(): void }) {
  const blurred = useBlurred(a.id, a.is_sensitive);
  const box = imageBox(a.width, a.height);
  return (
    <button
      type="button"
      className={styles.picture}
      // Its size is known before the picture loads, so the list does not jump.
      style={single ? { width: box.width, aspectRatio: `${box.width} / ${box.height}` } : undefined}
      data-blurred={blurred || undefined}
      aria-label={
        blurred
          ? `Sensitive image ${safeFileName(a.original_filename)}: show`
          : `Open ${safeFileName(a.original_filename)}`
      }
      onClick={() => (blurred ? reveal(a.id) : onOpen())}
    >
      <img
        src={a.preview_url ?? a.file_url}
        alt={safeFileName(a.original_filename)}
        width={box.width}
        height={box.height}
        loading="lazy"
        decoding="async"
        draggable={false}
      />
      {blurred && <span className={styles.sensitiveLabel}>Sensitive</span>}
    </button>
  );
}

function Video({ attachment: a }: { attachment: Attachment }) {
  const blurred = useBlurred(a.id, a.is_sensitive);
  if (blurred)
    return (
      <button
        type="button"
        className={styles.hiddenMedia}
        aria-label={`Sensitive video ${safeFileName(a.original_filename)}: show`}
        onClick={() => reveal(a.id)}
      >
        <span className={styles.sensitiveLabel}>Sensitive</span>
      </button>
    );
  return (
    <video
      className={styles.video}
      src={a.file_url}
      controls
      preload="metadata"
      aria-label={safeFileName(a.original_filename)}
    />
  );
}

function Audio({ attachment: a }: { attachment: Attachment }) {
  return (
    <figure className={styles.audio}>
      <figcaption>
        {safeFileName(a.original_filename)} <span className={styles.size}>{formatSize(a.file_size)}</span>
      </figcaption>
      <audio src={a.file_url} controls preload="none" aria-label={safeFileName(a.original_filename)} />
    </figure>
  );
}

function FileCard({ attachment: a }: { attachment: Attachment }) {
  return (
    <div className={styles.fileCard}>
      <FileIcon size={28} />
      <div className={styles.fileInfo}>
        <span className={styles.fileName} title={safeFileName(a.original_filename)}>
          {safeFileName(a.original_filename)}
        </span>
        <span className={styles.size}>{formatSize(a.file_size)}</span>
      </div>
      <a
        className={styles.download}
        href={a.file_url}
        download={safeFileName(a.original_filename)}
        aria-label={`Download ${safeFileName(a.original_filename)}`}
      >
        <DownloadIcon size={18} />
      </a>
    </div>
  );
}
