import type { AuditAction, AuditEntry } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';

export interface AuditRecord {
  admin: { id: number; username: string };
  action: AuditAction;
  target?: { id: number; username: string } | null;
  details?: Record<string, unknown>;
}

/**
 * Records an admin action in `admin_audit`. Pass the transaction the action runs in, so the entry
 * exists exactly when the action happened (an action that fails and rolls back leaves none).
 */
export async function recordAudit(db: Queryable, record: AuditRecord): Promise<void> {
  await db.query(
    `INSERT INTO admin_audit (admin_id, admin_username, action, target_user_id, target_username, details)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      record.admin.id,
      record.admin.username,
      record.action,
      record.target?.id ?? null,
      record.target?.username ?? null,
      JSON.stringify(record.details ?? {}),
    ],
  );
}

interface AuditRow {
  id: string;
  admin_id: string | null;
  admin_username: string;
  action: AuditAction;
  target_user_id: string | null;
  target_username: string | null;
  details: Record<string, unknown>;
  created_at: Date;
}

/** The newest entries first; `before` pages back past an id. */
export async function auditLog(
  db: Queryable,
  query: { before?: number | undefined; limit: number },
): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    `SELECT * FROM admin_audit WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
    [query.before ?? null, query.limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    admin_id: r.admin_id === null ? null : Number(r.admin_id),
    admin_username: r.admin_username,
    action: r.action,
    target_user_id: r.target_user_id === null ? null : Number(r.target_user_id),
    target_username: r.target_username,
    details: r.details,
    created_at: r.created_at.toISOString(),
  }));
}
