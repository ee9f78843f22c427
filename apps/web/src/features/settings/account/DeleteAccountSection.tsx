import { useState } from 'react';
import type { MessageAnswer } from '@hearth/protocol';
import { ACCOUNT_TEXT, DELETE_CONFIRMATION_WORD } from '@hearth/protocol/account-rules';
import { useServices } from '../../../app/services';
import { SESSION_EXPIRED_KEY } from '../../../lib/auth-store';
import { Button, useConfirm } from '../../../ui';
import { Banner } from '../Banner';
import { useSaver } from '../useSaver';
import settings from '../Settings.module.css';
import styles from './Account.module.css';

/**
 * Delete Account (spec 3 §4, §5): a confirm step, then DELETE typed exactly. Cancelling either step
 * says 'Account deletion cancelled'. Once deleted the server has signed every device out: this tab
 * signs out at once, and the login form says why.
 */
export function DeleteAccountSection() {
  const services = useServices();
  const confirm = useConfirm();
  const saver = useSaver();
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');

  const cancel = () => {
    setTyping(false);
    setTyped('');
    saver.setOutcome({ kind: 'error', text: ACCOUNT_TEXT.deleteCancelled });
  };
  const start = async () => {
    saver.setOutcome(null);
    const sure = await confirm({
      title: 'Delete Account',
      message:
        'Are you sure you want to delete your account? This cannot be undone. Your messages in channels stay, shown as from Deleted User; everything else of yours is removed.',
      confirmLabel: 'Continue',
      type: 'danger',
    });
    if (sure) setTyping(true);
    else cancel();
  };
  const submit = () => {
    if (typed !== DELETE_CONFIRMATION_WORD) {
      saver.setOutcome({ kind: 'error', text: ACCOUNT_TEXT.deleteConfirm });
      return;
    }
    void saver.run(async () => {
      const answer = await services.http.delete<MessageAnswer>('/user/delete-account');
      localStorage.setItem(SESSION_EXPIRED_KEY, answer.message);
      services.auth.set(null);
      return answer.message;
    }, ACCOUNT_TEXT.deleteAccountFailed);
  };

  return (
    <section className={`${settings.section} ${styles.danger}`} aria-labelledby="account-delete-title">
      <h3 id="account-delete-title" className={settings.sectionTitle}>
        Delete Account
      </h3>
      <p className={styles.dangerNote}>
        Deleting your account is permanent. Your messages in channels stay, shown as from Deleted User; your direct
        messages, friends, files, emoji and GIFs are removed.
      </p>
      {typing ? (
        <form
          className={styles.subform}
          aria-label="Confirm account deletion"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <label className={settings.field}>
            Type DELETE to confirm
            <input
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setTyped(event.target.value)}
            />
          </label>
          <div className={styles.actions}>
            <Button type="submit" variant="danger" disabled={saver.busy}>
              {saver.busy ? 'Deleting...' : 'Delete My Account'}
            </Button>
            <Button variant="secondary" disabled={saver.busy} onClick={cancel}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <Button variant="danger" onClick={() => void start()}>
          Delete Account
        </Button>
      )}
      <Banner outcome={saver.outcome} />
    </section>
  );
}
