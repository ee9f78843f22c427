import type { OwnPresence, UserPresence } from '@hearth/protocol';

export interface PresenceRow {
  id: number;
  presence_status: 'online' | 'away' | 'busy' | 'offline';
  is_invisible: boolean;
  presence_manually_set: boolean;
  last_seen: Date | null;
  is_online: boolean;
}

/**
 * Connected somewhere: a row on a node that beat within the timeout ($1, seconds). Used as a
 * column (`... AS is_online`) and as a condition.
 */
export const ONLINE_SQL = (userIdExpr: string, timeoutParam: string) => `EXISTS (
  SELECT 1 FROM live_users lu JOIN live_nodes n ON n.node_id = lu.node_id
   WHERE lu.user_id = ${userIdExpr} AND n.beat_at > now() - make_interval(secs => ${timeoutParam}))`;

export const PRESENCE_COLUMNS = 'u.id, u.presence_status, u.is_invisible, u.presence_manually_set, u.last_seen';

/** Others see an invisible user, or one who set offline, exactly as one who is not connected. */
export function publicView(r: PresenceRow): UserPresence {
  const shown = r.is_online && !r.is_invisible && r.presence_status !== 'offline';
  return {
    user_id: r.id,
    presence_status: shown ? r.presence_status : 'offline',
    is_online: shown,
    last_seen: r.last_seen?.toISOString() ?? null,
  };
}

export function ownView(r: PresenceRow): OwnPresence {
  return {
    user_id: r.id,
    presence_status: r.presence_status,
    is_online: r.is_online,
    last_seen: r.last_seen?.toISOString() ?? null,
    is_invisible: r.is_invisible,
    presence_manually_set: r.presence_manually_set,
  };
}
