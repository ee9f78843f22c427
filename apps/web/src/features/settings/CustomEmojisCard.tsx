import { useState, type KeyboardEvent } from 'react';
import { normalEmojiName } from '@hearth/protocol/rules';
import { Button } from '../../ui';
import type { UsableEmoji } from '../emoji/custom-emoji-list';
import styles from './CustomEmojis.module.css';

export interface CustomEmojisCardProps {
  emoji: UsableEmoji;
  busy: boolean;
  onRename(name: string): void;
  onTogglePublic(): void;
  onToggleNsfw(): void;
  onDelete(): void;
}

/** One of the user's emoji: its picture and :name:, inline rename, the two flags and Delete. */
export function CustomEmojisCard({
  emoji,
  busy,
  onRename,
  onTogglePublic,
  onToggleNsfw,
  onDelete,
}: CustomEmojisCardProps) {
  const [editing, setEditing] = useState<string | null>(null);
  // Spec 3 §2: Enter saves, Escape cancels; an unchanged or empty name cancels silently.
  const finish = (save: boolean) => {
    const name = normalEmojiName(editing ?? '');
    setEditing(null);
    if (save && name !== '' && name !== emoji.name) onRename(name);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(true);
    } else if (event.key === 'Escape') {
      // The settings dialog must not close with it.
      event.preventDefault();
      event.stopPropagation();
      finish(false);
    }
  };
  return (
    <li className={styles.card} data-nsfw={emoji.is_nsfw || undefined}>
      <img className={styles.picture} src={emoji.url} alt={`:${emoji.name}:`} />
      {editing === null ? (
        <button
          type="button"
          className={styles.name}
          title="Rename"
          aria-label={`Rename :${emoji.name}:`}
          onClick={() => setEditing(emoji.name)}
        >
          :{emoji.name}:
        </button>
      ) : (
        <input
          className={styles.rename}
          aria-label={`New name for :${emoji.name}:`}
          value={editing}
          autoFocus
          onChange={(event) => setEditing(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => finish(false)}
        />
      )}
      <div className={styles.flags}>
        <span className={styles.badge} data-kind={emoji.is_public ? 'public' : 'private'}>
          {emoji.is_public ? 'Public' : 'Private'}
        </span>
        {emoji.is_nsfw && (
          <span className={styles.badge} data-kind="nsfw">
            NSFW
          </span>
        )}
      </div>
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onTogglePublic}
          aria-label={`${emoji.is_public ? 'Make Private' : 'Make Public'} :${emoji.name}:`}
        >
          {emoji.is_public ? 'Make Private' : 'Make Public'}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={busy}
          onClick={onToggleNsfw}
          aria-label={`${emoji.is_nsfw ? 'Unmark NSFW' : 'Mark NSFW'} :${emoji.name}:`}
        >
          {emoji.is_nsfw ? 'Unmark NSFW' : 'Mark NSFW'}
        </Button>
        <Button size="sm" variant="danger" disabled={busy} onClick={onDelete} aria-label={`Delete :${emoji.name}:`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
