import { useState } from 'react';
import { ADMIN_TEXT } from '@hearth/protocol/admin-rules';
import { Button, useToast } from '../../ui';
import { showFailure } from './admin-errors';
import { useAdminWrite } from './admin-queries';
import { adminRequests } from './admin-requests';
import { FAILURES } from './admin-texts';
import { TitleContentDialog } from './parts/TitleContentDialog';
import styles from './parts/AdminParts.module.css';

/**
 * Announcements (spec 3 §2): a Guardian announcement reaches every user as a direct message from
 * Guardian, and everyone online as a popup.
 */
export function AnnouncementsTab() {
  const toast = useToast();
  const send = useAdminWrite(adminRequests.announcement);
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.tab}>
      <p className={styles.note}>
        Guardian sends the announcement to every user as a direct message, and everyone online sees it at once in a
        popup.
      </p>
      <div className={styles.toolbar}>
        <Button onClick={() => setOpen(true)}>Send Guardian Announcement</Button>
      </div>
      <TitleContentDialog
        open={open}
        heading="Send Guardian Announcement"
        description="To every user, from Guardian."
        submitLabel="Send Announcement"
        onClose={() => setOpen(false)}
        onSend={async (title, content) => {
          try {
            const answer = await send.mutateAsync({ title, content });
            toast.success(ADMIN_TEXT.announcementSent(answer.sent_count));
            return true;
          } catch (error) {
            showFailure(toast, FAILURES.announcement, error);
            return false;
          }
        }}
      />
    </div>
  );
}
