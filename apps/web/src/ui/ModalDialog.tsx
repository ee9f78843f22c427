import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from './icons';
import { cx } from './cx';
import type { DialogFocus } from './dialog-focus';
import type { ModalProps } from './modal-props';
import styles from './Modal.module.css';

/**
 * The dialog itself (see Modal, which mounts it at its first opening): Radix's dialog, its focus
 * trap and scroll lock are a chunk of their own, fetched when the page is idle.
 */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  preventClose = false,
  footer,
  size = 'md',
  alert = false,
  children,
  focus,
}: ModalProps & { focus: DialogFocus }) {
  const blockOutside = (event: Event) => {
    if (preventClose || alert) event.preventDefault();
  };
  const blockEscape = (event: KeyboardEvent) => {
    if (preventClose) event.preventDefault();
  };
  const changeOpen = (next: boolean) => {
    if (next || !preventClose) onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={cx(styles.content, styles[size])}
          role={alert ? 'alertdialog' : 'dialog'}
          // Radix warns unless a missing description is stated explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={blockEscape}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          onInteractOutside={blockOutside}
        >
          <header className={styles.header}>
            <Dialog.Title className={styles.title}>{title}</Dialog.Title>
            {!alert && (
              <Dialog.Close asChild>
                <button type="button" className={styles.close} aria-label="Close" disabled={preventClose}>
                  <CloseIcon size={20} />
                </button>
              </Dialog.Close>
            )}
          </header>
          {description && <Dialog.Description className={styles.description}>{description}</Dialog.Description>}
          {children && <div className={styles.body}>{children}</div>}
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
