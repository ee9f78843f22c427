import { useLayoutEffect, useState, type CSSProperties, type ReactNode, type RefObject } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useIsNarrow } from '../app/useIsNarrow';
import { cx } from './cx';
import { useDialogFocus } from './dialog-focus';
import { visuallyHidden } from './VisuallyHidden';

export interface AnchoredDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The control it opens from: the dialog is placed next to it (centred on a phone). */
  anchor: RefObject<HTMLElement | null>;
  /** Names the dialog for assistive technology. */
  title: string;
  /** Where the dialog goes for the anchor's box, kept inside the window (recomputed on resize). */
  place(anchor: DOMRect | null, viewport: { width: number; height: number }): CSSProperties;
  /** The dialog's box, its phone form (centred) and the phone's backdrop. */
  classNames: { popover: string; centred: string; overlay: string };
  children: ReactNode;
}

/**
 * A picker's floating dialog (the emoji and GIF pickers, spec 1 §2): next to its anchor and kept inside
 * the window, centred over a backdrop on a phone; Escape or a click outside closes it, and focus goes
 * back to what opened it.
 */
export function AnchoredDialog({
  open,
  onOpenChange,
  anchor,
  title,
  place,
  classNames,
  children,
}: AnchoredDialogProps) {
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
        {narrow && <Dialog.Overlay className={classNames.overlay} />}
        <Dialog.Content
          className={cx(classNames.popover, narrow && classNames.centred)}
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
