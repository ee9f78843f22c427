import { API_VERSION, TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction } from '../db/pool.js';
import { recordAudit } from '../admin/audit.js';
import { forbidden } from '../http/errors.js';
import { isAdmin, type UserRow } from '../users/user-row.js';
// Imported rather than read from disk, so the compiled server carries it wherever its bundle lies.
import serverPackage from '../../package.json' with { type: 'json' };

/**
 * This server's version, from its package.json. The workspace versions move together, so it is also
 * the version of the client this server serves, the newest until an admin says otherwise.
 */
export const SERVER_VERSION: string = serverPackage.version;

const APP_VERSION_KEY = 'app_version';

export async function appVersion(ctx: AppContext): Promise<string> {
  const { rows } = await ctx.db.query<{ value: string }>('SELECT value FROM app_settings WHERE key = $1', [
    APP_VERSION_KEY,
  ]);
  return rows[0]?.value ?? SERVER_VERSION;
}

export async function versionInfo(ctx: AppContext) {
  return { version: SERVER_VERSION, api_version: API_VERSION, app_version: await appVersion(ctx) };
}

/** PUT /admin/app-version: stores it (with its audit entry) and tells every session, which then offer the update. */
export async function setAppVersion(ctx: AppContext, admin: UserRow, version: string) {
  if (!isAdmin(admin)) throw forbidden(TEXT.adminOnly);
  await inTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ value: string }>(`SELECT value FROM app_settings WHERE key = $1 FOR UPDATE`, [
      APP_VERSION_KEY,
    ]);
    await tx.query(
      `INSERT INTO app_settings (key, value, updated_by) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [APP_VERSION_KEY, version, admin.id],
    );
    await recordAudit(tx, { admin, action: 'app_version', details: { version, previous: rows[0]?.value ?? null } });
  });
  await ctx.events.publish('app_version_update', { version }, { kind: 'all' });
  return { version };
}
