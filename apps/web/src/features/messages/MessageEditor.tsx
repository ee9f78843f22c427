import { useState, type KeyboardEvent } from 'react';
import styles from './MessageItem.module.css';

export interface MessageEditorProps {
  initial: string;
  /** Gets the trimmed text; resolves once the save settled (the editor stays open if it failed). */
  onSave(content: string): Promise<void>;
  onCancel(): void;
}

/** Inline editor: Ctrl or Cmd+Enter saves non-empty text, Escape cancels (spec 1 §2). */
export function MessageEditor({ initial, onSave, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const content = text.trim();
    if (!content || saving) return;
    setSaving(true);
    try {
      await onSave(content);
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  };

  return (
    <div className={styles.editor}>
      <textarea
        className={styles.editorInput}
        aria-label="Edit message"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
        readOnly={saving}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        autoFocus
      />
      <p className={styles.editorHint}>
        Ctrl+Enter to{' '}
        <button type="button" className={styles.link} onClick={() => void save()} disabled={saving || !text.trim()}>
          save
        </button>{' '}
        · Escape to{' '}
        <button type="button" className={styles.link} onClick={onCancel}>
          cancel
        </button>
      </p>
    </div>
  );
}
