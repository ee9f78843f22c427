import type { AdminOperationAnswer, VoiceSessionsDebug } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { ONLINE_SQL } from '../presence/presence-row.js';
import type { UserRow } from '../users/user-row.js';
import { leaveVoiceIf } from '../voice/seats.js';
import { recordAudit } from './audit.js';
import { requireAdmin, requireAdminWrite } from './panel-access.js';

/** Seconds a node may go without beating before its connections stop counting (presence's rule). */
const nodeTimeoutSec = (ctx: AppContext) => ctx.config.presenceNodeTimeoutMs / 1000;

/**
 * POST /admin/voice/cleanup-sessions: takes out of voice everyone holding a seat without a live
 * connection on any node, telling each channel `voice_user_left` as a leave does. Presence already does
 * this by itself once a user's last connection has been gone for its grace period; this is for seats
 * left over anyway (a node killed before its sweep ran, rows written by hand). A connection still in
 * its grace period counts as live, so a reload does not lose its seat. Each seat goes under its
 * user's seat lock with the condition checked again there, so a user who reconnects and rejoins
 * meanwhile keeps the new seat.
 */
export async function cleanupVoiceSessions(ctx: AppContext, admin: UserRow): Promise<AdminOperationAnswer> {
  await requireAdminWrite(ctx, admin);
  const timeout = nodeTimeoutSec(ctx);
  const { rows } = await ctx.db.query<{ user_id: number }>(
    `SELECT vp.user_id FROM voice_participants vp WHERE NOT ${ONLINE_SQL('vp.user_id', '$1')} ORDER BY vp.user_id`,
    [timeout],
  );
  let removed = 0;
  for (const { user_id } of rows)
    if (await leaveVoiceIf(ctx, user_id, `NOT ${ONLINE_SQL('vp.user_id', '$2')}`, [timeout])) removed++;
  await recordAudit(ctx.db, { admin, action: 'voice_cleanup', details: { removed } });
  return {
    success: true,
    message: removed === 1 ? 'Removed 1 stale voice session' : `Removed ${removed} stale voice sessions`,
    error: null,
  };
}

/** GET /admin/voice/sessions/debug: every seat, those of connected users, and connected people per channel. */
export async function voiceSessionsDebug(ctx: AppContext, admin: UserRow): Promise<VoiceSessionsDebug> {
  requireAdmin(admin);
  const { rows } = await ctx.db.query<{ channel_id: number; total: number; active: number }>(
    `SELECT vp.channel_id, count(*)::int AS total,
            count(*) FILTER (WHERE ${ONLINE_SQL('vp.user_id', '$1')})::int AS active
       FROM voice_participants vp GROUP BY vp.channel_id ORDER BY vp.channel_id`,
    [nodeTimeoutSec(ctx)],
  );
  return {
    success: true,
    total_sessions: rows.reduce((n, r) => n + r.total, 0),
    active_sessions: rows.reduce((n, r) => n + r.active, 0),
    active_by_channel: Object.fromEntries(
      rows.filter((r) => r.active > 0).map((r) => [String(r.channel_id), r.active]),
    ),
  };
}
