import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../ui';
import type { Notice } from './session-lifecycle';
import { useSecondsLeft } from './useSecondsLeft';
import styles from './SessionEndOverlay.module.css';

/** The overlay's own lines, here so that its chunk needs nothing of the first download's modules but the UI. */
export const OVERLAY_TEXT = {
  logOutNow: 'Log Out Now',
  countdown: (seconds: number) => `You will be logged out in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
} as const;

export interface SessionEndOverlayProps {
  notice: Notice;
  onLogOutNow: () => void;
}

/**
 * The full-screen overlay of an ending session (spec 3 §2 Full-screen overlays): an alertdialog named
 * by its title and described by the message, over everything else, with the time left and a way to
 * log out at once (which is also where focus starts). It cannot be dismissed: the session is over.
 * Its own chunk, with Radix's dialog (shared with the app's other dialogs).
 */
export function SessionEndOverlay({ notice, onLogOutNow }: SessionEndOverlayProps) {
  const seconds = useSecondsLeft(notice.endsAt);
  const keep = (event: Event) => event.preventDefault();
  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.backdrop} />
        <Dialog.Content
          role="alertdialog"
          className={styles.card}
          data-kind={notice.kind}
          onEscapeKeyDown={keep}
          onInteractOutside={keep}
        >
          <Dialog.Title className={styles.title}>{notice.title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className={styles.message}>
              <p>{notice.message}</p>
              {notice.detail && <p>{notice.detail}</p>}
            </div>
          </Dialog.Description>
          {/* Not a live region: a screen reader is not interrupted every second. */}
          <p className={styles.countdown}>{OVERLAY_TEXT.countdown(seconds)}</p>
          <Button variant={notice.kind === 'final-breach' ? 'danger' : 'primary'} onClick={onLogOutNow}>
            {OVERLAY_TEXT.logOutNow}
          </Button>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
