import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EmailStatus, MessageAnswer } from '@hearth/protocol';
import { ACCOUNT_TEXT, EMAIL_CODE_LENGTH } from '@hearth/protocol/account-rules';
import { emailProblem } from '@hearth/protocol/rules';
import { useServices } from '../../../app/services';
import { Button, Spinner, useConfirm } from '../../../ui';
import { Banner } from '../Banner';
import { PRIVACY_SETTINGS_KEY } from '../privacy-keys';
import { useSaver } from '../useSaver';
import { accountKeys, useEmailStatus } from './account-queries';
import settings from '../Settings.module.css';
import styles from './Account.module.css';

type Action = 'save' | 'verify' | 'resend' | 'remove';

const BUSY: Record<Action, string> = {
  save: 'Saving...',
  verify: 'Verifying...',
  resend: 'Sending...',
  remove: 'Removing...',
};

/**
 * The email address (spec 3 §4): none → added, unverified, with a code pending (Verify, Resend) →
 * verified; it can be changed (verified again) or removed. One banner for the section: each action's
 * outcome replaces the last.
 */
export function EmailSection() {
  const { http } = useServices();
  const qc = useQueryClient();
  const confirm = useConfirm();
  const status = useEmailStatus();
  const saver = useSaver();
  const [action, setAction] = useState<Action | null>(null);
  const [editing, setEditing] = useState(false);
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');

  const run = (which: Action, work: () => Promise<string>, fallback: string) => {
    setAction(which);
    void saver.run(async () => {
      const message = await work();
      // Login alerts (Privacy & Safety) depend on the address; removing it turns them off.
      await Promise.all([
        qc.invalidateQueries({ queryKey: accountKeys.emailStatus }),
        qc.invalidateQueries({ queryKey: PRIVACY_SETTINGS_KEY }),
      ]);
      return message;
    }, fallback);
  };
  const fail = (text: string) => saver.setOutcome({ kind: 'error', text });

  const saveAddress = () => {
    const problem = emailProblem(address);
    if (problem) return fail(problem);
    run(
      'save',
      async () => {
        const answer = await http.put<MessageAnswer>('/user/update-email', { email: address.trim() });
        setEditing(false);
        setAddress('');
        setCode('');
        return answer.message;
      },
      ACCOUNT_TEXT.updateEmailFailed,
    );
  };
  const verify = () => {
    if (code.trim().length !== EMAIL_CODE_LENGTH) return fail(ACCOUNT_TEXT.codeLength);
    run(
      'verify',
      async () => {
        const answer = await http.post<MessageAnswer>('/user/verify-email', { verification_code: code.trim() });
        setCode('');
        return answer.message;
      },
      ACCOUNT_TEXT.verifyEmailFailed,
    );
  };
  const resend = () =>
    run(
      'resend',
      async () => (await http.post<MessageAnswer>('/user/resend-email-verification')).message,
      ACCOUNT_TEXT.resendFailed,
    );
  const remove = async () => {
    const sure = await confirm({
      title: 'Remove Email',
      message:
        'Remove your email address? Login alerts are turned off, and a forgotten password can no longer be reset by mail.',
      confirmLabel: 'Remove',
      type: 'danger',
    });
    if (!sure) return;
    run(
      'remove',
      async () => (await http.delete<MessageAnswer>('/user/remove-email')).message,
      ACCOUNT_TEXT.removeEmailFailed,
    );
  };
  const label = (which: Action, idle: string) => (saver.busy && action === which ? BUSY[which] : idle);

  return (
    <section id="account-email" className={settings.section} aria-labelledby="account-email-title">
      <h3 id="account-email-title" className={settings.sectionTitle}>
        Email Address
      </h3>
      {status.data ? (
        <EmailState
          status={status.data}
          editing={editing}
          address={address}
          code={code}
          busy={saver.busy}
          label={label}
          onAddress={setAddress}
          onCode={setCode}
          onSave={saveAddress}
          onVerify={verify}
          onResend={resend}
          onEdit={() => setEditing(true)}
          onCancelEdit={() => {
            setEditing(false);
            setAddress('');
          }}
          onRemove={() => void remove()}
        />
      ) : status.isLoading ? (
        <Spinner size={20} label="Loading email status" />
      ) : (
        <p className={settings.hint}>Failed to load your email status</p>
      )}
      <Banner outcome={saver.outcome} />
    </section>
  );
}

interface EmailStateProps {
  status: EmailStatus;
  editing: boolean;
  address: string;
  code: string;
  busy: boolean;
  label(which: Action, idle: string): string;
  onAddress(value: string): void;
  onCode(value: string): void;
  onSave(): void;
  onVerify(): void;
  onResend(): void;
  onEdit(): void;
  onCancelEdit(): void;
  onRemove(): void;
}

function EmailState(p: EmailStateProps) {
  const { email, email_verified: verified } = p.status;
  const showAddressForm = !email || p.editing;
  return (
    <>
      {email ? (
        <p className={styles.address}>
          {email}
          <span className={styles.badge} data-state={verified ? 'verified' : 'unverified'}>
            {verified ? 'Verified' : 'Not verified'}
          </span>
        </p>
      ) : (
        <p className={settings.hint}>
          No email address is set. With one you can reset a forgotten password and get new-device login alerts.
        </p>
      )}
      {showAddressForm && (
        <form
          className={styles.subform}
          noValidate
          aria-label={email ? 'Change email address' : 'Add email address'}
          onSubmit={(event) => {
            event.preventDefault();
            p.onSave();
          }}
        >
          <label className={settings.field}>
            {email ? 'New Email Address' : 'Email Address'}
            <input
              type="email"
              value={p.address}
              autoComplete="email"
              maxLength={254}
              onChange={(event) => p.onAddress(event.target.value)}
            />
          </label>
          <div className={styles.actions}>
            <Button type="submit" disabled={p.busy}>
              {p.label('save', email ? 'Save Email' : 'Add Email')}
            </Button>
            {p.editing && (
              <Button variant="secondary" disabled={p.busy} onClick={p.onCancelEdit}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}
      {email && !verified && !p.editing && (
        <form
          className={styles.subform}
          aria-label="Verify email address"
          onSubmit={(event) => {
            event.preventDefault();
            p.onVerify();
          }}
        >
          <p className={settings.hint}>
            {p.status.has_pending_verification
              ? `Enter the 6-character code sent to ${email}.`
              : 'No code is waiting: send a new one, then enter it here.'}
          </p>
          <label className={settings.field}>
            Verification Code
            <input
              className={styles.code}
              value={p.code}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={EMAIL_CODE_LENGTH}
              onChange={(event) => p.onCode(event.target.value)}
            />
          </label>
          <div className={styles.actions}>
            <Button type="submit" disabled={p.busy}>
              {p.label('verify', 'Verify')}
            </Button>
            <Button variant="secondary" disabled={p.busy} onClick={p.onResend}>
              {p.label('resend', 'Resend Code')}
            </Button>
          </div>
        </form>
      )}
      {email && !p.editing && (
        <div className={styles.actions}>
          <Button variant="secondary" disabled={p.busy} onClick={p.onEdit}>
            Change Email
          </Button>
          <Button variant="danger" disabled={p.busy} onClick={p.onRemove}>
            {p.label('remove', 'Remove Email')}
          </Button>
        </div>
      )}
    </>
  );
}
