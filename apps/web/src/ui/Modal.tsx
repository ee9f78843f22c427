import { useEffect } from 'react';
import { lazyModule, useLazyModule, useOpenedOnce } from '../lib/lazy-module';
import { useDialogFocus } from './dialog-focus';
import type { ModalProps } from './modal-props';

export type { ModalProps, ModalSize } from './modal-props';

const dialogCode = lazyModule(() => import('./ModalDialog'));

/**
 * A focus-trapping dialog over a dimmed page; Escape, the close button or an outside click closes it.
 *
 * The dialog (ModalDialog) mounts at the first opening, its code fetched when the page is idle. What
 * to give focus back to is noted here as it opens, before that code may have arrived.
 */
export function Modal(props: ModalProps) {
  const focus = useDialogFocus(props.open);
  const code = useLazyModule(dialogCode);
  const mounted = useOpenedOnce(props.open);
  useEffect(() => {
    if (props.open) dialogCode.load().catch(() => undefined);
  }, [props.open]);
  return code && mounted ? <code.ModalDialog {...props} focus={focus} /> : null;
}
