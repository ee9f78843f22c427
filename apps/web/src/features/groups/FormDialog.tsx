import { useId, type FormEvent, type ReactNode } from 'react';
import { Button, Modal, type ModalSize } from '../../ui';
import styles from './Form.module.css';

export interface FormDialogProps {
  title: string;
  size?: ModalSize;
  /** The submit button's text. */
  submitLabel: string;
  /** The submit button is disabled until this holds. */
  canSubmit: boolean;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  /** The form's fields; they check their values themselves (the browser's validation is off). */
  children: ReactNode;
}

/** A dialog around one form, with Cancel and the form's submit button in its footer. */
export function FormDialog({ title, size, submitLabel, canSubmit, onSubmit, onClose, children }: FormDialogProps) {
  const formId = useId();
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size={size}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!canSubmit}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} className={styles.form} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Modal>
  );
}
