import type { AdminUser } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { FAILURES } from '../admin-texts';
import { FormDialog, useUserDialogField } from '../parts/FormDialog';
import { TextAreaField } from '../parts/TextAreaField';

/**
 * Suspend (spec 3 §4, §5): a reason is required ('Reason cannot be empty'); the user is signed out
 * at once and told it, and cannot sign in until unsuspended.
 */
export function SuspendDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const toast = useToast();
  const suspend = useAdminWrite(adminRequests.suspend);
  const reason = useUserDialogField(user);

  const submit = async () => {
    if (!user || suspend.isPending) return;
    if (!reason.value.trim()) {
      reason.setError(ADMIN_TEXT.reasonEmpty);
      return;
    }
    try {
      await suspend.mutateAsync({ id: user.id, reason: reason.value.trim() });
      toast.success(ADMIN_TEXT.suspended(user.id));
      onClose();
    } catch (failure) {
      showFailure(toast, FAILURES.suspend, failure);
    }
  };

  return (
    <FormDialog
      open={user !== null}
      title="Suspend User"
      description={
        user
          ? `${user.username} is signed out at once and cannot sign in until unsuspended. They are told the reason.`
          : ''
      }
      busy={suspend.isPending}
      submitLabel="Suspend"
      busyLabel="Suspending..."
      submitVariant="danger"
      size="sm"
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextAreaField
        label="Reason"
        value={reason.value}
        error={reason.error}
        maxLength={500}
        onChange={(event) => reason.change(event.target.value)}
      />
    </FormDialog>
  );
}
