import { useMutation } from '@tanstack/react-query';
import type { AdminOperationAnswer } from '@hearth/protocol';
import { useServices } from '../../../app/services';
import { Button, useConfirm, useToast, type ToastApi } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { CONFIRM_TEXT, FAILURES, type Failure } from '../admin-texts';
import styles from './System.module.css';
import parts from '../parts/AdminParts.module.css';

/** An operation's answer: `success` false is a failure too, with the server's error or message. */
function report(toast: ToastApi, answer: AdminOperationAnswer, failure: Failure) {
  if (answer.success) toast.success(answer.message);
  else toast.error(failure.title, answer.error ?? answer.message);
}

/** Spec 3 §2 System actions: restart the CoTurn server, clean up and debug voice sessions. */
export function VoiceTools() {
  const { http } = useServices();
  const toast = useToast();
  const confirm = useConfirm();
  const restart = useAdminWrite(adminRequests.restartCoturn);
  const cleanup = useAdminWrite(adminRequests.cleanupVoice);
  // A read: nothing else goes stale.
  const debug = useMutation({ mutationFn: () => adminRequests.debugVoice(http) });

  const onRestart = async () => {
    const sure = await confirm({
      title: 'Restart CoTurn',
      message: CONFIRM_TEXT.restartCoturn,
      confirmLabel: 'Restart',
    });
    if (!sure) return;
    try {
      report(toast, await restart.mutateAsync(), FAILURES.restartCoturn);
    } catch (error) {
      showFailure(toast, FAILURES.restartCoturn, error);
    }
  };
  const onCleanup = async () => {
    try {
      report(toast, await cleanup.mutateAsync(), FAILURES.cleanupVoice);
    } catch (error) {
      showFailure(toast, FAILURES.cleanupVoice, error);
    }
  };
  const onDebug = () => debug.mutate(undefined, { onError: (error) => showFailure(toast, FAILURES.debugVoice, error) });

  const info = debug.data;
  const channels = info ? Object.entries(info.active_by_channel) : [];
  return (
    <section className={styles.tools} aria-labelledby="admin-voice-tools">
      <h2 id="admin-voice-tools" className={styles.cardTitle}>
        Voice and TURN
      </h2>
      <div className={parts.actions}>
        <Button variant="secondary" disabled={restart.isPending} onClick={() => void onRestart()}>
          {restart.isPending ? 'Restarting...' : 'Restart CoTurn'}
        </Button>
        <Button variant="secondary" disabled={cleanup.isPending} onClick={() => void onCleanup()}>
          {cleanup.isPending ? 'Cleaning up...' : 'Clean Up Voice Sessions'}
        </Button>
        <Button variant="secondary" disabled={debug.isPending} onClick={onDebug}>
          Debug Voice Sessions
        </Button>
      </div>
      {info && (
        <div className={styles.debug} role="region" aria-label="Voice sessions">
          <dl className={parts.facts}>
            <div>
              <dt>Total sessions</dt>
              <dd>{info.total_sessions}</dd>
            </div>
            <div>
              <dt>Active sessions</dt>
              <dd>{info.active_sessions}</dd>
            </div>
          </dl>
          {channels.length === 0 ? (
            <p className={parts.note}>No one is in a voice channel.</p>
          ) : (
            <ul className={styles.byChannel} aria-label="Active by channel">
              {channels.map(([channel, people]) => (
                <li key={channel}>
                  Channel {channel}: {people} {people === 1 ? 'person' : 'people'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
