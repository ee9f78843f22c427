import type { AdminUser } from '@hearth/protocol';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { useToast } from '../../../ui';
import { showFailure } from '../admin-errors';
import { useAdminWrite } from '../admin-queries';
import { adminRequests } from '../admin-requests';
import { FAILURES } from '../admin-texts';
import { TitleContentDialog } from '../parts/TitleContentDialog';

/** Guardian Message (spec 3 §2): a direct message from Guardian to one user, which they cannot answer. */
export function GuardianMessageDialog({ user, onClose }: { user: AdminUser | null; onClose(): void }) {
  const toast = useToast();
  const send = useAdminWrite(adminRequests.guardianMessage);
  return (
    <TitleContentDialog
      open={user !== null}
      heading="Send Guardian Message"
      description={user ? `A direct message from Guardian to ${user.username}.` : ''}
      submitLabel="Send Message"
      onClose={onClose}
      onSend={async (title, content) => {
        if (!user) return false;
        try {
          await send.mutateAsync({ user_id: user.id, title, content });
          toast.success(ADMIN_TEXT.guardianMessageSent(user.username));
          return true;
        } catch (error) {
          showFailure(toast, FAILURES.guardianMessage, error);
          return false;
        }
      }}
    />
  );
}
