import { Button, type ButtonVariant } from './Button';
import { ErrorIcon, InfoIcon, WarningIcon } from './icons';
import { Modal } from './Modal';
import styles from './ConfirmDialog.module.css';

export type ConfirmType = 'danger' | 'warning' | 'info' | 'default';

export interface ConfirmOptions {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  type?: ConfirmType;
  /**
   * Runs before the dialog closes, showing 'Processing...' meanwhile. If it throws, the dialog
   * stays open for another try or Cancel, so show the error (a toast) inside it before rethrowing.
   */
  onConfirm?: () => Promise<void> | void;
}

const CONFIRM_VARIANTS: Record<ConfirmType, ButtonVariant> = {
  danger: 'danger',
  warning: 'primary',
  info: 'primary',
  default: 'primary',
};

const ICONS = { danger: ErrorIcon, warning: WarningIcon, info: InfoIcon, default: null } as const;

export interface ConfirmDialogProps {
  open: boolean;
  options: ConfirmOptions;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmDialog({ open, options, busy, onConfirm, onCancel }: ConfirmDialogProps) {
  const {
    title = 'Confirm Action',
    message,
    confirmLabel = 'Confirm',
    cancelLabel = 'Cancel',
    type = 'default',
  } = options;
  const Icon = ICONS[type];

  return (
    <Modal
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title={
        <span className={styles.title}>
          {Icon && <Icon className={styles.icon} data-type={type} size={22} />}
          {title}
        </span>
      }
      description={message}
      preventClose={busy}
      size="sm"
      alert
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={CONFIRM_VARIANTS[type]} onClick={onConfirm} disabled={busy}>
            {busy ? 'Processing...' : confirmLabel}
          </Button>
        </>
      }
    />
  );
}
