import { useEffect, useRef, useState } from 'react';
import type { UserGif } from '@hearth/protocol';
import { Button } from '../../ui';
import { Switch } from '../../ui/Switch';
import styles from './CustomGifs.module.css';

export interface CustomGifCardProps {
  gif: UserGif;
  onRename(name: string): void;
  onNsfw(isNsfw: boolean): void;
  onDelete(): void;
}

/** One uploaded GIF (spec 3 §2): its picture, :name:, Rename (inline), the NSFW toggle and Delete. */
export function CustomGifCard({ gif, onRename, onNsfw, onDelete }: CustomGifCardProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(gif.name);
  const input = useRef<HTMLInputElement>(null);

  // The settings dialog (Radix) hears Escape on the document in the capture phase, before the input
  // would; while renaming, Escape is caught on the window first, so it ends the rename only.
  useEffect(() => {
    if (!editing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.target !== input.current) return;
      event.preventDefault();
      event.stopPropagation();
      setEditing(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [editing]);

  // Enter confirms; Escape, an empty name or the same name cancels (spec 3 §2).
  const finish = (confirm: boolean) => {
    setEditing(false);
    const name = draft.trim();
    if (confirm && name !== '' && name !== gif.name) onRename(name);
  };

  return (
    <li className={styles.card}>
      <img className={styles.cardImage} src={gif.file_url} alt="" loading="lazy" data-nsfw={gif.is_nsfw || undefined} />
      {editing ? (
        <input
          ref={input}
          className={styles.renameInput}
          aria-label={`New name for :${gif.name}:`}
          value={draft}
          // The input replaces the button that was just pressed: focus follows it.
          autoFocus
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              finish(true);
            }
          }}
          onBlur={() => finish(false)}
        />
      ) : (
        <p className={styles.cardName}>:{gif.name}:</p>
      )}
      <Switch
        className={styles.cardSwitch}
        label="NSFW"
        checked={gif.is_nsfw}
        onCheckedChange={onNsfw}
        aria-label={`NSFW :${gif.name}:`}
      />
      <div className={styles.cardActions}>
        <Button
          size="sm"
          variant="secondary"
          aria-label={`Rename :${gif.name}:`}
          onClick={() => {
            setDraft(gif.name);
            setEditing(true);
          }}
        >
          Rename
        </Button>
        <Button size="sm" variant="danger" aria-label={`Delete :${gif.name}:`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </li>
  );
}
