import { useState } from 'react';
import type { UpdateUsernameAnswer } from '@hearth/protocol';
import { ACCOUNT_CHANGE_SIGN_OUT_MS, ACCOUNT_TEXT } from '@hearth/protocol/account-rules';
import { usernameProblem } from '@hearth/protocol/rules';
import { useServices } from '../../../app/services';
import { signOutAfter } from '../../../app/session';
import { Button } from '../../../ui';
import { LOGIN_NOTICE_TEXT, loginNoticeState } from '../../auth/login-notice';
import { Banner } from '../Banner';
import { useSaver } from '../useSaver';
import settings from '../Settings.module.css';
import styles from './Account.module.css';

/**
 * A new username (spec 3 §5's three rules here, the server's own texts otherwise). The server signs
 * every device out with it, so after saying so this tab signs out 2 s later (spec 3 §4), and the
 * login form then says the name changed and has the new one filled in.
 */
export function UsernameSection({ current }: { current: string }) {
  const services = useServices();
  const [value, setValue] = useState('');
  const [done, setDone] = useState(false);
  const saver = useSaver();
  const submit = () => {
    const problem = usernameProblem(value);
    if (problem) {
      saver.setOutcome({ kind: 'error', text: problem });
      return;
    }
    void saver.run(async () => {
      const answer = await services.http.put<UpdateUsernameAnswer>('/user/update-username', {
        username: value.trim(),
      });
      setDone(true);
      const notice = loginNoticeState(LOGIN_NOTICE_TEXT.usernameChanged(answer.username), answer.username);
      signOutAfter(services, ACCOUNT_CHANGE_SIGN_OUT_MS, notice);
      return answer.message;
    }, ACCOUNT_TEXT.updateUsernameFailed);
  };
  return (
    <form
      className={settings.section}
      aria-labelledby="account-username-title"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h3 id="account-username-title" className={settings.sectionTitle}>
        Username
      </h3>
      <p className={styles.current}>
        Current username: <strong>{current}</strong>
      </p>
      <label className={settings.field}>
        New Username
        <input
          value={value}
          autoComplete="username"
          maxLength={64}
          disabled={done}
          onChange={(event) => setValue(event.target.value)}
        />
      </label>
      <p className={settings.hint}>
        3 to 20 letters, numbers, underscores or hyphens. You will be logged out after the change.
      </p>
      <Button type="submit" disabled={saver.busy || done}>
        {saver.busy ? 'Saving...' : 'Change Username'}
      </Button>
      <Banner outcome={saver.outcome} />
    </form>
  );
}
