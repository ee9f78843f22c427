import type { UserActivity } from '@hearth/protocol';
import { Button, Modal } from '../../../ui';
import { NOT_AVAILABLE } from '../admin-texts';
import styles from '../parts/AdminParts.module.css';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : NOT_AVAILABLE);

/** User Activity (spec 3 §2, §3): id, name, last sign-in (time, address, device; N/A when missing), suspension. */
export function ActivityDialog({ activity, onClose }: { activity: UserActivity | null; onClose(): void }) {
  const facts: [string, string][] = activity
    ? [
        ['User ID', String(activity.user_id)],
        ['Username', activity.username],
        ['Last Login', when(activity.last_login_at)],
        ['IP Address', activity.last_login_ip ?? NOT_AVAILABLE],
        ['Device', activity.last_login_device ?? NOT_AVAILABLE],
        ['Suspended', activity.is_suspended ? 'Yes' : 'No'],
        ...(activity.is_suspended ? [['Reason', activity.suspend_reason ?? NOT_AVAILABLE] as [string, string]] : []),
      ]
    : [];
  return (
    <Modal
      open={activity !== null}
      onOpenChange={(open) => !open && onClose()}
      title="User Activity"
      size="sm"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <dl className={styles.facts}>
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              <bdi>{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
