import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  CUSTOM_EMOJI_MAX_BYTES,
  CUSTOM_EMOJI_NAME_MAX,
  EMOJI_TEXT,
  emojiNameProblem,
  normalEmojiName,
} from '@hearth/protocol/rules';
import { Button, Modal } from '../../ui';
import { defaultEmojiName, EMOJI_FILE_TYPES } from './CustomEmojisTexts';
import styles from './CustomEmojis.module.css';

export interface EmojiUploadChoice {
  file: File;
  name: string;
  isPublic: boolean;
  isNsfw: boolean;
}

export interface CustomEmojisUploadDialogProps {
  onClose(): void;
  /** The panel's toggles: where the checkboxes start. */
  defaults: { isPublic: boolean; isNsfw: boolean };
  busy: boolean;
  /** Resolves true when the emoji was uploaded (the dialog then closes). */
  onUpload(choice: EmojiUploadChoice): Promise<boolean>;
}

/** The type and size checks the server makes first (spec 3 §5), so a wrong file is refused before it is sent. */
function fileProblem(file: File): string | null {
  if (!EMOJI_FILE_TYPES.split(',').includes(file.type)) return EMOJI_TEXT.invalidType;
  if (file.size > CUSTOM_EMOJI_MAX_BYTES) return EMOJI_TEXT.tooLarge;
  return null;
}

/**
 * Upload Emoji: a file with its preview, a name, and the Public and NSFW checkboxes. Mounted only
 * while open, so each opening starts afresh from the panel's defaults.
 */
export function CustomEmojisUploadDialog({ onClose, defaults, busy, onUpload }: CustomEmojisUploadDialogProps) {
  const formId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  // Whether the name is the user's own: until then it follows the file picked last.
  const [nameTyped, setNameTyped] = useState(false);
  const [isPublic, setPublic] = useState(defaults.isPublic);
  const [isNsfw, setNsfw] = useState(defaults.isNsfw);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  // Made and revoked in one effect, so a second run of it (React's development checks) makes a new one.
  useEffect(() => {
    if (!file) return setPreview(null);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setProblem(chosen ? fileProblem(chosen) : null);
    if (chosen && (!nameTyped || !name.trim())) {
      setName(defaultEmojiName(chosen.name, CUSTOM_EMOJI_NAME_MAX));
      setNameTyped(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || busy) return;
    const clean = normalEmojiName(name);
    const wrong = fileProblem(file) ?? emojiNameProblem(clean);
    setProblem(wrong);
    if (wrong) return;
    if (await onUpload({ file, name: clean, isPublic, isNsfw })) onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(next) => !next && onClose()}
      title="Upload Emoji"
      preventClose={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!file || busy}>
            {busy ? 'Uploading...' : 'Upload Emoji'}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.uploadForm} onSubmit={(event) => void submit(event)}>
        <label className={styles.field}>
          Image (JPEG, PNG, GIF or WebP; at most 256x256 unless a GIF)
          <input type="file" accept={EMOJI_FILE_TYPES} onChange={(event) => choose(event.target.files?.[0] ?? null)} />
        </label>
        {preview && <img className={styles.preview} src={preview} alt="Preview of the chosen picture" />}
        <label className={styles.field}>
          Emoji Name
          <input
            value={name}
            maxLength={CUSTOM_EMOJI_NAME_MAX + 8}
            onChange={(event) => {
              setName(event.target.value);
              setNameTyped(true);
            }}
            aria-describedby={`${formId}-hint`}
          />
        </label>
        <p id={`${formId}-hint`} className={styles.hint}>
          Letters, digits and underscores; used in chat as :{normalEmojiName(name).toLowerCase() || 'name'}:
        </p>
        <label className={styles.check}>
          <input type="checkbox" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
          Public (anyone can use it)
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={isNsfw} onChange={(event) => setNsfw(event.target.checked)} />
          NSFW
        </label>
        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
