import type { AuditAction, AuditEntry } from '@hearth/protocol';

/** How the audit log names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  promote: 'Promoted',
  demote: 'Demoted',
  set_email: 'Set email',
  suspend: 'Suspended',
  unsuspend: 'Unsuspended',
  delete_user: 'Deleted user',
  guardian_message: 'Guardian message',
  announcement: 'Announcement',
  recalculate_storage: 'Recalculated storage',
  recalculate_all_storage: 'Recalculated all storage',
  app_version: 'Set app version',
  coturn_restart: 'Restarted CoTurn',
  voice_cleanup: 'Cleaned up voice sessions',
  delete_report: 'Deleted report',
  delete_all_reports: 'Deleted all reports',
};

/** An action the server may add later shows as it is named. */
export const auditActionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

/** The details as 'key: value' pairs, one line; objects as JSON. */
export function auditDetails(details: AuditEntry['details']): string {
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(
      ([key, value]) =>
        `${key.replace(/_/g, ' ')}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
    )
    .join('; ');
}

/** Who the action was done to: the user as named then, else their id, else nothing. */
export function auditTarget(entry: Pick<AuditEntry, 'target_user_id' | 'target_username'>): string {
  if (entry.target_username) return entry.target_username;
  return entry.target_user_id === null ? '—' : `#${entry.target_user_id}`;
}
