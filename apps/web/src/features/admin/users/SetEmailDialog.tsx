import { useEffect, useId, useState } from 'react';
import type { AdminUser } from '@hearth/protocol';
import { ADMIN_EMAIL_PATTERN, ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { emailProblem } from '@hearth/protocol/rules';
import { Button, Modal, TextField, useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { FAILURES } from '../admin-texts';
import styles from '../parts/AdminParts.module.css';

/**
 * Set Email (spec 3 §5): the address is checked against the simple pattern first ('Please enter a
 * valid email address'); the server mails the user a code, so it stays unverified until they use it.
 */
export function SetEmailDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const formId = useId();
  const toast = useToast();
  const setEmail = useAdminWrite(adminRequests.setEmail);
  const [email, setEmailText] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    setEmailText('');
    setError(undefined);
  }, [user]);

  const submit = async () => {
    if (!user || setEmail.isPending) return;
    const address = email.trim();
    // Spec 3 §5's pattern, then the account's own rules, which the server applies too.
    const problem = ADMIN_EMAIL_PATTERN.test(address) ? emailProblem(address) : ADMIN_TEXT.invalidEmail;
    if (problem) {
      setError(problem);
      return;
    }
    try {
      await setEmail.mutateAsync({ id: user.id, email: address });
      toast.success(ADMIN_TEXT.emailSet);
      onClose();
    } catch (failure) {
      showFailure(toast, FAILURES.setEmail, failure);
    }
  };

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Set Email"
      description={user ? `A new address for ${user.username}; they must verify it with the code mailed to it.` : ''}
      preventClose={setEmail.isPending}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={setEmail.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={setEmail.isPending}>
            {setEmail.isPending ? 'Saving...' : 'Set Email'}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label="Email Address"
          type="email"
          value={email}
          error={error}
          placeholder="name@example.com"
          autoComplete="off"
          onChange={(event) => {
            setEmailText(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
