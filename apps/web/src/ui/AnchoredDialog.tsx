import { useLayoutEffect, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useIsNarrow } from '../app/useIsNarrow';
import { cx } from './cx';
import { useDialogFocus } from './dialog-focus';
import { visuallyHidden } from './VisuallyHidden';
import styles from './AnchoredDialog.module.css';

export interface AnchoredDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The control it opens from: the dialog is placed next to it (centred on a phone). */
  anchor: RefObject<HTMLElement | null>;
  /** Names the dialog for assistive technology. */
  title: string;
  /** Where the dialog goes for the anchor's box, kept inside the window (recomputed on resize). */
  place(anchor: DOMRect | null, viewport: { width: number; height: number }): CSSProperties;
  /** Sets the dialog's size: --picker-width, --picker-height, --picker-narrow-width (see the CSS). */
  sizeClass: string;
  children: ReactNode;
}

/**
 * A picker's floating dialog (the emoji and GIF pickers, spec 1 §2): next to its anchor and kept inside
 * the window, centred over a backdrop on a phone; Escape or a click outside closes it, and focus goes
 * back to what opened it.
 */
export function AnchoredDialog({ open, onOpenChange, anchor, title, place, sizeClass, children }: AnchoredDialogProps) {
  const narrow = useIsNarrow();
  const focus = useDialogFocus(open);
  const [style, setStyle] = useState<CSSProperties>();

  useLayoutEffect(() => {
    if (!open || narrow) return;
    const update = () =>
      setStyle(
        place(anchor.current?.getBoundingClientRect() ?? null, {
          width: window.innerWidth,
          height: window.innerHeight,
        }),
      );
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, [open, narrow, anchor, place]);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {narrow && <Dialog.Overlay className={styles.overlay} />}
        <Dialog.Content
          className={cx(styles.popover, sizeClass, narrow && styles.centred)}
          style={narrow ? undefined : style}
          aria-describedby={undefined}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          // React passes a portal's events up to its owner (a message, the composer's form): keys and
          // right-clicks here must not reach their shortcuts and menus.
          onKeyDown={(event) => event.stopPropagation()}
          onContextMenu={(event) => event.stopPropagation()}
        >
          <Dialog.Title className={visuallyHidden}>{title}</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
