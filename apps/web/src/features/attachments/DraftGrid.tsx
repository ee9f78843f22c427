import { IconButton } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import type { AttachmentDraft, DraftItem } from './draft-store';
import { formatSize } from './format-size';
import { EyeOffIcon, FileIcon } from './icons';
import { useDraftItems } from './useAttachmentDraft';
import styles from './Attachments.module.css';

/** The files attached to the message being written: progress, sensitive toggle and remove (spec 1 §2). */
export function DraftGrid({ draft }: { draft: AttachmentDraft }) {
  const items = useDraftItems(draft);
  if (items.length === 0) return null;
  return (
    <ul className={styles.draft} aria-label="Attachments">
      {items.map((item) => (
        <DraftTile key={item.key} item={item} draft={draft} />
      ))}
    </ul>
  );
}

function DraftTile({ item, draft }: { item: DraftItem; draft: AttachmentDraft }) {
  const canBeSensitive = item.kind === 'image' || item.kind === 'video';
  return (
    <li className={styles.draftTile} aria-label={item.name} data-status={item.status}>
      <div className={styles.draftThumb} data-sensitive={item.sensitive || undefined}>
        {item.localUrl ? <img src={item.localUrl} alt="" /> : <FileIcon size={28} />}
      </div>
      <div className={styles.draftName} title={item.name}>
        {item.name}
      </div>
      <div className={styles.draftMeta}>
        {item.status === 'failed' ? (
          <span className={styles.draftError} role="alert">
            {item.error}
          </span>
        ) : item.status === 'uploading' ? (
          <progress
            className={styles.progress}
            max={100}
            value={item.progress}
            aria-label={`Uploading ${item.name}`}
          >{`${item.progress}%`}</progress>
        ) : (
          formatSize(item.size)
        )}
      </div>
      <div className={styles.draftActions}>
        {canBeSensitive && (
          <IconButton
            type="button"
            size="sm"
            aria-label={`Mark ${item.name} as sensitive`}
            aria-pressed={item.sensitive}
            title="Sensitive: shown blurred until clicked"
            onClick={() => draft.toggleSensitive(item.key)}
          >
            <EyeOffIcon size={16} />
          </IconButton>
        )}
        <IconButton type="button" size="sm" aria-label={`Remove ${item.name}`} onClick={() => draft.remove(item.key)}>
          <CloseIcon size={16} />
        </IconButton>
      </div>
    </li>
  );
}
