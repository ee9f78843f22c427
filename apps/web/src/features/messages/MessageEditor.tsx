import { useId, useState, type KeyboardEvent } from 'react';
import { MESSAGE_MAX_LENGTH } from '@hearth/protocol/constants';
import { TEXT } from '@hearth/protocol/texts';
import styles from './MessageItem.module.css';

export interface MessageEditorProps {
  initial: string;
  /** Gets the trimmed text; resolves once the save settled (the editor stays open if it failed). */
  onSave(content: string): Promise<void>;
  onCancel(): void;
}

/** Why the text cannot be saved as it is (spec 1 §5: non-empty after trimming, and within the limit). */
function problemWith(content: string): string | null {
  if (!content) return `${TEXT.messageEmpty}. Press Escape to keep the message as it was.`;
  if (content.length > MESSAGE_MAX_LENGTH) return TEXT.messageTooLong;
  return null;
}

/** Inline editor: Ctrl or Cmd+Enter saves non-empty text, Escape cancels (spec 1 §2). */
export function MessageEditor({ initial, onSave, onCancel }: MessageEditorProps) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const problemId = useId();
  const content = text.trim();
  const problem = problemWith(content);

  const save = async () => {
    if (problem || saving) return;
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
        aria-invalid={problem ? true : undefined}
        aria-describedby={problemId}
        // Right-to-left text lines up on the right, as it will once saved.
        dir="auto"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.currentTarget.setSelectionRange(e.currentTarget.value.length, e.currentTarget.value.length)}
        readOnly={saving}
        rows={Math.min(10, Math.max(2, text.split('\n').length))}
        autoFocus
      />
      {/* Always in the page, so a screen reader hears the reason as it appears. */}
      <p id={problemId} className={styles.editorProblem} aria-live="polite">
        {problem}
      </p>
      <p className={styles.editorHint}>
        Ctrl+Enter to{' '}
        <button type="button" className={styles.link} onClick={() => void save()} disabled={saving || problem !== null}>
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
