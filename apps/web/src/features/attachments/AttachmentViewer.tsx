import { useState, type KeyboardEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import type { Attachment } from '@hearth/protocol';
import { safeFileName } from '@hearth/protocol/file-names';
import { IconButton } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import { ChevronLeftIcon, ChevronRightIcon, DownloadIcon, ExternalIcon } from './icons';
import { formatSize } from './format-size';
import styles from './AttachmentViewer.module.css';

export interface AttachmentViewerProps {
  pictures: readonly Attachment[];
  start: number;
  onClose(): void;
}

/**
 * Saves a file under its own name: fetched as a blob so the browser does not navigate. If that
 * fails (the address expired, the network dropped), the file's address is opened instead.
 */
async function download(a: Attachment) {
  try {
    const res = await fetch(a.file_url);
    if (!res.ok) throw new Error(String(res.status));
    const url = URL.createObjectURL(await res.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = safeFileName(a.original_filename);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  } catch {
    window.open(a.file_url, '_blank', 'noopener,noreferrer');
  }
}

/** The full-screen preview (spec 1 §2): previous and next, thumbnails, 'N of M', Open in tab, Download. */
export default function AttachmentViewer({ pictures, start, onClose }: AttachmentViewerProps) {
  const [index, setIndex] = useState(Math.max(0, Math.min(start, pictures.length - 1)));
  const current = pictures[index];
  if (!current) return null;
  const count = pictures.length;
  const go = (step: number) => setIndex((i) => (i + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.viewer} onKeyDown={onKeyDown} aria-describedby={undefined}>
          <header className={styles.bar}>
            <Dialog.Title className={styles.title}>
              <span className={styles.name}>{safeFileName(current.original_filename)}</span>
              <span className={styles.counter}>
                {index + 1} of {count}
              </span>
            </Dialog.Title>
            <span className={styles.meta}>{formatSize(current.file_size)}</span>
            <a className={styles.action} href={current.file_url} target="_blank" rel="noopener noreferrer">
              <ExternalIcon size={18} /> Open in tab
            </a>
            <button type="button" className={styles.action} onClick={() => void download(current)}>
              <DownloadIcon size={18} /> Download
            </button>
            <Dialog.Close asChild>
              <IconButton aria-label="Close preview">
                <CloseIcon size={20} />
              </IconButton>
            </Dialog.Close>
          </header>
          <div className={styles.stage}>
            {count > 1 && (
              <IconButton className={styles.prev} aria-label="Previous image" onClick={() => go(-1)}>
                <ChevronLeftIcon size={28} />
              </IconButton>
            )}
            <img
              key={current.id}
              className={styles.image}
              src={current.file_url}
              alt={safeFileName(current.original_filename)}
              width={current.width ?? undefined}
              height={current.height ?? undefined}
            />
            {count > 1 && (
              <IconButton className={styles.next} aria-label="Next image" onClick={() => go(1)}>
                <ChevronRightIcon size={28} />
              </IconButton>
            )}
          </div>
          {count > 1 && (
            <nav className={styles.thumbs} aria-label="Images">
              {pictures.map((p, i) => (
                <button
                  key={p.id}
                  type="button"
                  className={styles.thumb}
                  aria-label={`Image ${i + 1}: ${safeFileName(p.original_filename)}`}
                  aria-current={i === index || undefined}
                  onClick={() => setIndex(i)}
                >
                  <img src={p.preview_url ?? p.file_url} alt="" />
                </button>
              ))}
            </nav>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
