import { ADMIN_TEXT, type AdminDataReport, type DeleteReportsAnswer } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { recordAudit } from './audit.js';
import { requireAdmin, requireAdminWrite } from './panel-access.js';

/** The Data Reports tab lists this many, the newest: a week of reports of a large instance, and a table a browser still draws. */
export const REPORTS_LISTED = 1_000;

export const REPORT_NOT_FOUND = 'Report not found';

interface ReportRow {
  id: number;
  user_id: number | null;
  username: string;
  device_info: unknown;
  user_agent: string;
  ip_address: string | null;
  timezone: string;
  language: string;
  collected_at: Date;
}

/** GET /admin/data-collection/reports: the newest first (the index on collected_at), REPORTS_LISTED at most. */
export async function listReports(ctx: AppContext, admin: UserRow): Promise<{ reports: AdminDataReport[] }> {
  requireAdmin(admin);
  const { rows } = await ctx.db.query<ReportRow>(
    `SELECT id, user_id, username, device_info, user_agent, ip_address, timezone, language, collected_at
       FROM data_reports ORDER BY collected_at DESC, id DESC LIMIT $1`,
    [REPORTS_LISTED],
  );
  return { reports: rows.map((r) => ({ ...r, collected_at: r.collected_at.toISOString() })) };
}

/** DELETE /admin/data-collection/reports/{id}. */
export async function deleteReport(ctx: AppContext, admin: UserRow, id: number): Promise<DeleteReportsAnswer> {
  await requireAdminWrite(ctx, admin);
  return inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ user_id: number; username: string }>(
      'DELETE FROM data_reports WHERE id = $1 RETURNING user_id, username',
      [id],
    );
    const report = rows[0];
    if (!report) throw notFound(REPORT_NOT_FOUND);
    await recordAudit(tx, {
      admin,
      action: 'delete_report',
      target: { id: report.user_id, username: report.username },
      details: { report_id: id },
    });
    return { message: ADMIN_TEXT.reportsDeleted(1), deleted: 1 };
  });
}

/** DELETE /admin/data-collection/reports: every report. */
export async function deleteAllReports(ctx: AppContext, admin: UserRow): Promise<DeleteReportsAnswer> {
  await requireAdminWrite(ctx, admin);
  return inTransaction(ctx.db, async (tx) => {
    const { rowCount } = await tx.query('DELETE FROM data_reports');
    const deleted = rowCount ?? 0;
    await recordAudit(tx, { admin, action: 'delete_all_reports', details: { deleted } });
    return { message: ADMIN_TEXT.reportsDeleted(deleted), deleted };
  });
}
