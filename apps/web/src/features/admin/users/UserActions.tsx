import { useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { useServices } from '../../../app/services';
import { Button, useConfirm, useToast } from '../../../ui';
import { showFailure, showFailureOrBreach } from '../admin-errors';
import { activityQuery, useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { CONFIRM_TEXT, FAILURES } from '../admin-texts';
import { isAdminUser } from '../user-list';
import type { UserDialog } from './user-dialogs';
import styles from '../parts/AdminParts.module.css';

export interface UserActionsProps {
  user: AdminUser;
  onDialog(dialog: UserDialog): void;
}

/**
 * A user's actions (spec 3 §2): Promote or Demote, Set Email, Activity, Guardian Message, Suspend or
 * Unsuspend, Delete. The server decides what is allowed (not oneself, not the last admin); its refusal
 * is shown, except a failed promotion, which is silent (spec 3 §8), and FINAL BREACH, which raises
 * its overlay instead.
 */
export function UserActions({ user, onDialog }: UserActionsProps) {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();
  const promote = useAdminWrite(adminRequests.promote);
  const demote = useAdminWrite(adminRequests.demote);
  const unsuspend = useAdminWrite(adminRequests.unsuspend);
  const remove = useAdminWrite(adminRequests.deleteUser);
  const busy = promote.isPending || demote.isPending || unsuspend.isPending || remove.isPending;
  const admin = isAdminUser(user);

  const onPromote = async () => {
    try {
      toast.success((await promote.mutateAsync(user.id)).message);
    } catch {
      // Silent (spec 3 §8).
    }
  };
  const onDemote = async () => {
    try {
      toast.success((await demote.mutateAsync(user.id)).message);
    } catch (error) {
      showFailureOrBreach(toast, FAILURES.demote, error);
    }
  };
  const onActivity = async () => {
    try {
      onDialog({ kind: 'activity', user, activity: await qc.fetchQuery(activityQuery(http, user.id)) });
    } catch (error) {
      showFailure(toast, FAILURES.activity, error);
    }
  };
  const onUnsuspend = async () => {
    try {
      await unsuspend.mutateAsync(user.id);
      toast.success(ADMIN_TEXT.unsuspended(user.id));
    } catch (error) {
      showFailure(toast, FAILURES.unsuspend, error);
    }
  };
  const onDelete = async () => {
    const sure = await confirm({
      title: 'Delete User',
      message: CONFIRM_TEXT.deleteUser,
      confirmLabel: 'Delete',
      type: 'danger',
    });
    if (!sure) return;
    try {
      toast.success((await remove.mutateAsync(user.id)).message);
    } catch (error) {
      showFailureOrBreach(toast, FAILURES.deleteUser, error);
    }
  };

  return (
    <div className={styles.actions}>
      {admin ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onDemote()}>
          Demote
        </Button>
      ) : (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onPromote()}>
          Promote
        </Button>
      )}
      <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'email', user })}>
        Set Email
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void onActivity()}>
        Activity
      </Button>
      <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'guardian', user })}>
        Guardian Message
      </Button>
      {user.is_suspended ? (
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => void onUnsuspend()}>
          Unsuspend
        </Button>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => onDialog({ kind: 'suspend', user })}>
          Suspend
        </Button>
      )}
      <Button size="sm" variant="danger" disabled={busy} onClick={() => void onDelete()}>
        Delete
      </Button>
    </div>
  );
}
