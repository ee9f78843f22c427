import { useState } from 'react';
import { Button, TextField, useConfirm, useToast } from '../../ui';
import { cx } from '../../ui/cx';
import { serverText, showFailure } from './admin-errors';
import { useAdminWrite, useAppVersion } from './admin-queries';
import { adminRequests } from './admin-requests';
import { appVersionUpdated, CONFIRM_TEXT, FAILURES, LOAD_FAILED } from './admin-texts';
import { LoadState } from './parts/LoadState';
import styles from './parts/AdminParts.module.css';

/**
 * App Version (spec 3 §2, §5): the version people are told to be on, and a new one. Update is
 * disabled while the field is blank or holds the current version; it asks before sending, and every
 * signed-in client is then told a new version is out.
 */
export function AppVersionTab() {
  const current = useAppVersion();
  const toast = useToast();
  const confirm = useConfirm();
  const update = useAdminWrite(adminRequests.setAppVersion);
  const [version, setVersion] = useState('');
  const wanted = version.trim();
  const unchanged = !wanted || wanted === current.data;

  const submit = async () => {
    if (!wanted) {
      toast.error(FAILURES.invalidVersion.title, FAILURES.invalidVersion.fallback);
      return;
    }
    if (unchanged || update.isPending) return;
    const sure = await confirm({
      title: 'Update App Version',
      message: CONFIRM_TEXT.appVersion(wanted),
      confirmLabel: 'Update',
    });
    if (!sure) return;
    try {
      const answer = await update.mutateAsync(wanted);
      toast.success(appVersionUpdated(answer.version));
      setVersion('');
    } catch (error) {
      // The server's refusal of the version itself is titled like the blank one (spec 3 §5).
      const invalid = serverText(error) === FAILURES.invalidVersion.fallback;
      showFailure(toast, invalid ? FAILURES.invalidVersion : FAILURES.updateVersion, error);
    }
  };

  return (
    <div className={styles.tab}>
      <LoadState query={current} loading="Loading app version" failed={LOAD_FAILED.appVersion}>
        <p className={styles.note}>
          Current version: <strong>{current.data}</strong>
        </p>
      </LoadState>
      <form
        className={cx(styles.form, styles.narrow)}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="New Version"
          value={version}
          placeholder="e.g. 0.1.2"
          maxLength={32}
          autoComplete="off"
          hint="Everyone signed in is told that this version is available."
          onChange={(event) => setVersion(event.target.value)}
          // A disabled Update button takes no Enter: a blank version is answered here instead.
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !wanted) {
              event.preventDefault();
              void submit();
            }
          }}
        />
        <div className={styles.toolbar}>
          <Button type="submit" disabled={unchanged || update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Version'}
          </Button>
        </div>
      </form>
    </div>
  );
}
