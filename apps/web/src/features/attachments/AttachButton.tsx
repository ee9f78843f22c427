import { useRef } from 'react';
import { TEXT } from '@hearth/protocol/texts';
import { IconButton } from '../../ui';
import { PaperclipIcon } from './icons';

export interface AttachButtonProps {
  canUpload: boolean;
  disabled?: boolean;
  onFiles(files: File[]): void;
}

/**
 * Opens the file chooser (several files at once). Without can_upload it stays focusable but does
 * nothing, and its tooltip and description say why (spec 1 §2).
 */
export function AttachButton({ canUpload, disabled = false, onFiles }: AttachButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const blocked = !canUpload || disabled;
  return (
    <>
      <IconButton
        type="button"
        aria-label="Attach files"
        aria-disabled={blocked || undefined}
        title={canUpload ? 'Attach files' : TEXT.noUploadPermission}
        aria-description={canUpload ? undefined : TEXT.noUploadPermission}
        onClick={() => {
          if (!blocked) input.current?.click();
        }}
      >
        <PaperclipIcon size={20} />
      </IconButton>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // The same file may be chosen again after it was removed.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
