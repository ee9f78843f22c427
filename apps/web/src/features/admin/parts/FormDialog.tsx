import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Modal, type ModalSize } from '../../../ui';
import styles from './AdminParts.module.css';

export interface FormDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** While true the dialog cannot be closed and both buttons are disabled. */
  busy: boolean;
  /** The submit button's label, and what it says while busy (e.g. 'Saving...'). */
  submitLabel: string;
  busyLabel: string;
  submitVariant?: 'danger';
  size?: ModalSize;
  onClose(): void;
  onSubmit(): void;
  onKeyDown?(event: KeyboardEvent): void;
  /** The form's fields. */
  children: ReactNode;
}

/** An admin dialog around one form: its fields, then Cancel and the submit button (Enter submits). */
export function FormDialog({
  open,
  title,
  description,
  busy,
  submitLabel,
  busyLabel,
  submitVariant,
  size,
  onClose,
  onSubmit,
  onKeyDown,
  children,
}: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      preventClose={busy}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant={submitVariant} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}

/**
 * One field of a dialog about a user: its text and its error, both cleared when the dialog opens for
 * another user (or closes); typing clears the error.
 */
export function useUserDialogField(user: unknown) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  useEffect(() => {
    setValue('');
    setError(undefined);
  }, [user]);
  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  return { value, error, setError, change };
}
