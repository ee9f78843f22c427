import {
  DATA_REPORT_INTERVAL_DAYS,
  DATA_REPORT_TEXT,
  type DataReportAnswer,
  type DataReportBody,
} from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { forbidden } from '../http/errors.js';
import type { AuthedUser } from '../auth/authenticate.js';

/**
 * POST /privacy/report. Refused (403) unless the user's data_collection_enabled is on. Stored when it is
 * the user's first report, when the last one is 7 days old or more, or when it comes from a device (the
 * access token's) the user has not reported from before; otherwise nothing is stored and the answer is
 * 200 `{ accepted: false }`: the client sends one per session and the server decides whether it counts.
 * The user's row is locked for the decision, so two reports at once cannot both count.
 */
export async function submitDataReport(
  ctx: AppContext,
  user: AuthedUser,
  body: DataReportBody,
  ipAddress: string,
): Promise<DataReportAnswer> {
  return inTransaction(ctx.db, async (tx) => {
    const { rows: users } = await tx.query<{ username: string; data_collection_enabled: boolean }>(
      'SELECT username, data_collection_enabled FROM users WHERE id = $1 FOR UPDATE',
      [user.id],
    );
    const current = users[0];
    if (!current?.data_collection_enabled) throw forbidden(DATA_REPORT_TEXT.dataCollectionOff);
    const { rows } = await tx.query<{ any_report: boolean; recent: boolean; from_device: boolean }>(
      `SELECT count(*) > 0 AS any_report,
              coalesce(bool_or(collected_at > now() - make_interval(days => $3)), false) AS recent,
              coalesce(bool_or(device_id = $2), false) AS from_device
         FROM data_reports WHERE user_id = $1`,
      [user.id, user.deviceId, DATA_REPORT_INTERVAL_DAYS],
    );
    const seen = rows[0]!;
    const reason: DataReportAnswer['reason'] = !seen.any_report
      ? 'first'
      : !seen.recent
        ? 'interval'
        : !seen.from_device
          ? 'new_device'
          : null;
    if (!reason) return { accepted: false, reason: null };
    await tx.query(
      `INSERT INTO data_reports (user_id, username, device_id, device_info, user_agent, ip_address, timezone, language)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        user.id,
        current.username,
        user.deviceId,
        JSON.stringify(body.device_info),
        body.user_agent,
        ipAddress,
        body.timezone,
        body.language,
      ],
    );
    return { accepted: true, reason };
  });
}
