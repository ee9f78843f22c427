import type { ReactNode } from 'react';

// The modal's props on their own, so its lazily loaded dialog (ModalDialog) takes them without
// importing the Modal that loads it.

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
