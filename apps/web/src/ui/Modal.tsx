import { type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { CloseIcon } from './icons';
import { cx } from './cx';
import { useDialogFocus } from './dialog-focus';
import styles from './Modal.module.css';

export type ModalSize = 'sm' | 'md' | 'lg';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Blocks Escape, outside clicks and the close button, e.g. while a form is submitting. */
  preventClose?: boolean;
  footer?: ReactNode;
  size?: ModalSize;
  /**
   * Renders an alertdialog: no close button and no outside-click dismissal, and focus starts on
   * the first button, so put the safe choice first.
   */
  alert?: boolean;
  children?: ReactNode;
}

/** A focus-trapping dialog over a dimmed page; Escape, the close button or an outside click closes it. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  preventClose = false,
  footer,
  size = 'md',
  alert = false,
  children,
}: ModalProps) {
  const focus = useDialogFocus(open);
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
