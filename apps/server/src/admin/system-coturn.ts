import { existsSync } from 'node:fs';
import type { AdminOperationAnswer, SystemResources } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { UserRow } from '../users/user-row.js';
import { recordAudit } from './audit.js';
import { requireAdminWrite } from './panel-access.js';

/**
 * The CoTurn card: the relay this server uses, from where it came (voice/turn.ts). `processCount` is
 * the turnserver processes running on the machine (from the process list the System tab reads
 * anyway), which also shows a system coturn an external setup may run on the same host.
 */
export function coturnStatus(ctx: AppContext, processCount: number): SystemResources['coturn'] {
  const setup = ctx.turnSetup;
  const base = { process_count: processCount, last_checked: new Date().toISOString() };
  const nothing = { config_exists: false, config_path: null };
  if (!setup || setup.kind === 'none') {
    // The reason as the start-up line gave it, with the settings and what to install: for the admin, not for users.
    return {
      ...base,
      ...nothing,
      status: setup?.reason ?? 'not_installed',
      service_status: setup?.detail ?? 'The server has not opened a TURN relay',
      error: null,
    };
  }
  if (setup.kind === 'external')
    return {
      ...base,
      ...nothing,
      status: 'external',
      service_status: `External relay (TURN_URLS): ${setup.urls.join(', ')}`,
      error: null,
    };
  const state = setup.relay.state;
  return {
    ...base,
    status: state.running ? 'running' : 'stopped',
    config_exists: state.configPath !== null && existsSync(state.configPath),
    config_path: state.configPath,
    service_status: state.running
      ? `The server's own coturn (process ${state.pid}) at ${state.urls[0]!.split('?')[0]}, relaying on UDP ports ${state.relayPorts!.min}-${state.relayPorts!.max}`
      : "The server's own coturn is not running: voice has no relay until it is restarted",
    error: state.error,
  };
}

/**
 * POST /admin/coturn/restart: restarts the server's own coturn (voice/local-relay.ts), or starts it
 * again if it died or never started. An external relay (TURN_URLS) or none is not this server's to
 * restart: success false, saying so. The new coturn has new ports and a new secret, so calls in
 * progress reconnect. Audited whenever a restart was attempted.
 */
export async function restartCoturn(ctx: AppContext, admin: UserRow): Promise<AdminOperationAnswer> {
  await requireAdminWrite(ctx, admin);
  const setup = ctx.turnSetup;
  if (setup?.kind === 'external')
    return {
      success: false,
      message: 'The TURN relay is external (TURN_URLS): restart it where it runs',
      error: 'external relay',
    };
  if (setup?.kind !== 'local')
    return {
      success: false,
      message: `This server runs no coturn: ${setup?.detail ?? 'install coturn, or set TURN_URLS and TURN_SECRET'}; then restart the server`,
      error: 'no relay',
    };
  try {
    const coturn = await setup.relay.restart();
    await recordAudit(ctx.db, { admin, action: 'coturn_restart', details: { success: true, pid: coturn.pid } });
    return { success: true, message: `CoTurn restarted (process ${coturn.pid})`, error: null };
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    await recordAudit(ctx.db, { admin, action: 'coturn_restart', details: { success: false, error } });
    return { success: false, message: 'Failed to restart CoTurn server', error };
  }
}
