import { lazy, Suspense, useRef, useState, type DragEvent } from 'react';
import type { Group } from '@hearth/protocol';
import { GROUP_ICON_TEXT } from '@hearth/protocol/group-icon-rules';
import { Button, Modal, useToast } from '../../../ui';
import { GroupIcon } from '../GroupIcon';
import { groupIconUrl } from '../group-label';
import { useUploadGroupIcon } from '../group-mutations';
import { iconFileProblem } from './icon-file';
import styles from './GroupIconDialog.module.css';

// The profile picture's crop dialog, with the group icon's target (square, 64×64 JPEG at 0.8).
const CropDialog = lazy(() => import('../../settings/CropDialog'));

/**
 * Change/Upload Icon (spec 2 §2, §5): pick or drop a picture (the hint says what fits), crop it square
 * in 'Crop Group Icon', and it is uploaded; the dialog closes once the server has it.
 */
export function GroupIconDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<File | null>(null);
  const upload = useUploadGroupIcon();
  const toast = useToast();
  const busy = upload.isPending;
  const title = groupIconUrl(group.icon) ? 'Change Group Icon' : 'Upload Group Icon';

  const pick = (file: File | undefined) => {
    if (!file) return;
    const problem = iconFileProblem(file);
    if (problem) return toast.error(problem.title, problem.text);
    setPicked(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    pick(event.dataTransfer.files[0]);
  };
  const save = (cropped: File) => {
    setPicked(null);
    // The mutation tells of a failure; the dialog stays for another try.
    upload.mutate({ id: group.id, file: cropped }, { onSuccess: onClose });
  };

  if (picked)
    return (
      <Suspense fallback={null}>
        <CropDialog file={picked} kind="groupIcon" onCancel={() => setPicked(null)} onApply={save} />
      </Suspense>
    );
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={group.name}
      size="sm"
      preventClose={busy}
      footer={
        <Button variant="secondary" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
      }
    >
      <div className={styles.picker} onDragOver={(event) => event.preventDefault()} onDrop={onDrop}>
        <span className={styles.preview}>
          <GroupIcon group={group} />
        </span>
        <div className={styles.actions}>
          <input
            ref={input}
            type="file"
            accept="image/*"
            className={styles.fileInput}
            aria-label="Choose a group icon"
            onChange={(event) => {
              pick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button onClick={() => input.current?.click()} disabled={busy}>
            {busy ? 'Uploading...' : 'Choose Image'}
          </Button>
          <p className={styles.hint}>{GROUP_ICON_TEXT.hint}</p>
        </div>
      </div>
    </Modal>
  );
}
