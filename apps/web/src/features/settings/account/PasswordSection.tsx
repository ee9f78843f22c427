import { useState } from 'react';
import type { MessageAnswer } from '@hearth/protocol';
import { ACCOUNT_CHANGE_SIGN_OUT_MS, ACCOUNT_TEXT, passwordChangeProblem } from '@hearth/protocol/account-rules';
import { useServices } from '../../../app/services';
import { signOutAfter } from '../../../app/session';
import { LOGIN_NOTICE_TEXT, loginNoticeState } from '../../auth/login-notice';
import { Button } from '../../../ui';
import { Banner } from '../Banner';
import { useSaver } from '../useSaver';
import settings from '../Settings.module.css';

const EMPTY = { current: '', next: '', confirm: '' };

/**
 * Change Password (spec 3 §5's four texts, checked here in its order; a wrong current password is the
 * server's). The server signs every device out with it, so this tab signs out 2 s after saying so.
 */
export function PasswordSection() {
  const services = useServices();
  const [fields, setFields] = useState(EMPTY);
  const [done, setDone] = useState(false);
  const saver = useSaver();
  const submit = () => {
    const problem = passwordChangeProblem(fields.current, fields.next, fields.confirm);
    if (problem) {
      saver.setOutcome({ kind: 'error', text: problem });
      return;
    }
    void saver.run(async () => {
      const answer = await services.http.put<MessageAnswer>('/user/update-password', {
        current_password: fields.current,
        new_password: fields.next,
      });
      setFields(EMPTY);
      setDone(true);
      const username = services.auth.get()?.user.username;
      signOutAfter(services, ACCOUNT_CHANGE_SIGN_OUT_MS, loginNoticeState(LOGIN_NOTICE_TEXT.passwordChanged, username));
      return answer.message;
    }, ACCOUNT_TEXT.updatePasswordFailed);
  };
  const field = (key: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <label className={settings.field}>
      {label}
      <input
        type="password"
        value={fields[key]}
        autoComplete={autoComplete}
        maxLength={1024}
        disabled={done}
        onChange={(event) => setFields((f) => ({ ...f, [key]: event.target.value }))}
      />
    </label>
  );
  return (
    <form
      id="account-password"
      className={settings.section}
      aria-labelledby="account-password-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id="account-password-title" className={settings.sectionTitle}>
        Change Password
      </h3>
      {field('current', 'Current Password', 'current-password')}
      {field('next', 'New Password', 'new-password')}
      {field('confirm', 'Confirm New Password', 'new-password')}
      <p className={settings.hint}>At least 6 characters. You will be logged out after the change.</p>
      <Button type="submit" disabled={saver.busy || done}>
        {saver.busy ? 'Saving...' : 'Change Password'}
      </Button>
      <Banner outcome={saver.outcome} />
    </form>
  );
}
