import type { AdminUser } from '@hearth/protocol';
import { ADMIN_EMAIL_PATTERN, ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { emailProblem } from '@hearth/protocol/rules';
import { TextField, useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { FAILURES } from '../admin-texts';
import { FormDialog, useUserDialogField } from '../parts/FormDialog';

/**
 * Set Email (spec 3 §5): the address is checked against the simple pattern first ('Please enter a
 * valid email address'); the server mails the user a code, so it stays unverified until they use it.
 */
export function SetEmailDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const toast = useToast();
  const setEmail = useAdminWrite(adminRequests.setEmail);
  const email = useUserDialogField(user);

  const submit = async () => {
    if (!user || setEmail.isPending) return;
    const address = email.value.trim();
    // Spec 3 §5's pattern, then the account's own rules, which the server applies too.
    const problem = ADMIN_EMAIL_PATTERN.test(address) ? emailProblem(address) : ADMIN_TEXT.invalidEmail;
    if (problem) {
      email.setError(problem);
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
    <FormDialog
      open={user !== null}
      title="Set Email"
      description={user ? `A new address for ${user.username}; they must verify it with the code mailed to it.` : ''}
      busy={setEmail.isPending}
      submitLabel="Set Email"
      busyLabel="Saving..."
      size="sm"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label="Email Address"
        type="email"
        value={email.value}
        error={email.error}
        placeholder="name@example.com"
        autoComplete="off"
        onChange={(event) => email.change(event.target.value)}
      />
    </FormDialog>
  );
}
