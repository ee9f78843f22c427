import { useEffect, useState } from 'react';
import { gifNameError } from '@hearth/protocol/gif-rules';
import { Button, Modal, TextField } from '../../ui';
import styles from './CustomGifs.module.css';

export interface CustomGifUploadDialogProps {
  /** The file picked in the first step; the dialog is open while there is one. */
  file: File | null;
  /** Its name by the default-name rule (spec 3 §5). */
  defaultName: string;
  busy: boolean;
  onCancel(): void;
  onUpload(name: string, isNsfw: boolean): void;
}

/** The upload's second step (spec 3 §2): preview, 'GIF Name', NSFW, Cancel and Upload GIF. */
export function CustomGifUploadDialog({ file, defaultName, busy, onCancel, onUpload }: CustomGifUploadDialogProps) {
  const [name, setName] = useState(defaultName);
  const [isNsfw, setIsNsfw] = useState(false);
  const [error, setError] = useState<string>();
  const [preview, setPreview] = useState<string>();

  useEffect(() => {
    setName(defaultName);
    setIsNsfw(false);
    setError(undefined);
    if (!file) return;
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file, defaultName]);

  const submit = () => {
    const trimmed = name.trim();
    // The server checks the same; saying it here saves a 10 MB round trip for a typo.
    const problem = gifNameError(trimmed);
    if (problem) setError(problem);
    else onUpload(trimmed, isNsfw);
  };

  return (
    <Modal
      open={file !== null}
      onOpenChange={(open) => !open && !busy && onCancel()}
      title="Upload GIF"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="custom-gif-upload" disabled={busy}>
            {busy ? 'Uploading...' : 'Upload GIF'}
          </Button>
        </>
      }
    >
      <form
        id="custom-gif-upload"
        className={styles.uploadForm}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {preview && <img className={styles.uploadPreview} src={preview} alt="Preview of the GIF to upload" />}
        <TextField
          label="GIF Name"
          value={name}
          error={error}
          autoComplete="off"
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
        />
        <label className={styles.checkbox}>
          <input type="checkbox" checked={isNsfw} onChange={(event) => setIsNsfw(event.target.checked)} />
          NSFW
        </label>
      </form>
    </Modal>
  );
}
