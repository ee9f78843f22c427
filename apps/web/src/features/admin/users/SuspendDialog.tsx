import { useEffect, useId, useState } from 'react';
import type { AdminUser } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { Button, Modal, useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { FAILURES } from '../admin-texts';
import { TextAreaField } from '../parts/TextAreaField';
import styles from '../parts/AdminParts.module.css';

/**
 * Suspend (spec 3 §4, §5): a reason is required ('Reason cannot be empty'); the user is signed out
 * at once and told it, and cannot sign in until unsuspended.
 */
export function SuspendDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const formId = useId();
  const toast = useToast();
  const suspend = useAdminWrite(adminRequests.suspend);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();

  useEffect(() => {
    setReason('');
    setError(undefined);
  }, [user]);

  const submit = async () => {
    if (!user || suspend.isPending) return;
    if (!reason.trim()) {
      setError(ADMIN_TEXT.reasonEmpty);
      return;
    }
    try {
      await suspend.mutateAsync({ id: user.id, reason: reason.trim() });
      toast.success(ADMIN_TEXT.suspended(user.id));
      onClose();
    } catch (failure) {
      showFailure(toast, FAILURES.suspend, failure);
    }
  };

  return (
    <Modal
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Suspend User"
      description={
        user
          ? `${user.username} is signed out at once and cannot sign in until unsuspended. They are told the reason.`
          : ''
      }
      preventClose={suspend.isPending}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={suspend.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={suspend.isPending}>
            {suspend.isPending ? 'Suspending...' : 'Suspend'}
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
        <TextAreaField
          label="Reason"
          value={reason}
          error={error}
          maxLength={500}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Modal>
  );
}
