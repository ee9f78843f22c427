import { useEffect, useState, type KeyboardEvent } from 'react';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { TextField } from '../../../ui';
import { FormDialog } from './FormDialog';
import { TextAreaField } from './TextAreaField';

export interface TitleContentDialogProps {
  open: boolean;
  heading: string;
  description: string;
  submitLabel: string;
  onClose(): void;
  /** Sends the trimmed title and content; resolves true when sent (the dialog then closes). */
  onSend(title: string, content: string): Promise<boolean>;
}

/**
 * Guardian's message to one user and the announcement to all (spec 3 §2, §5): a title and a content,
 * neither blank ('Title cannot be empty', 'Content cannot be empty'); Ctrl/Cmd+Enter sends, Escape
 * closes.
 */
export function TitleContentDialog({
  open,
  heading,
  description,
  submitLabel,
  onClose,
  onSend,
}: TitleContentDialogProps) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ title?: string; content?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setTitle('');
    setContent('');
    setErrors({});
  }, [open]);

  const submit = async () => {
    if (busy) return;
    const next = {
      title: title.trim() ? undefined : ADMIN_TEXT.titleEmpty,
      content: content.trim() ? undefined : ADMIN_TEXT.contentEmpty,
    };
    setErrors(next);
    if (next.title || next.content) return;
    setBusy(true);
    try {
      if (await onSend(title.trim(), content.trim())) onClose();
    } finally {
      setBusy(false);
    }
  };
  const sendOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <FormDialog
      open={open}
      title={heading}
      description={description}
      busy={busy}
      submitLabel={submitLabel}
      busyLabel="Sending..."
      onClose={onClose}
      onSubmit={() => void submit()}
      onKeyDown={sendOnCtrlEnter}
    >
      <TextField
        label="Title"
        value={title}
        error={errors.title}
        maxLength={200}
        autoComplete="off"
        onChange={(event) => {
          setTitle(event.target.value);
          setErrors((e) => ({ ...e, title: undefined }));
        }}
      />
      <TextAreaField
        label="Content"
        value={content}
        error={errors.content}
        hint="Supports **bold**, *italic*, `code` and links. Ctrl+Enter (⌘+Enter) sends."
        onChange={(event) => {
          setContent(event.target.value);
          setErrors((e) => ({ ...e, content: undefined }));
        }}
      />
    </FormDialog>
  );
}
