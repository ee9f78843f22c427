import { randomBytes } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { LoggedEvent } from '../events/event-log.js';
import { bypassesGroupPermissions, type UserRow } from '../users/user-row.js';
import type { SessionRecord } from './session-store.js';

const MAX_SNAPSHOTS = 20;

/** One client's live session on this node: what it may see and how far it has been sent. */
export class LiveSession {
  /** Seq of the last event this session has been sent (or skipped as not for it). */
  lastSeq: number;
  hidden: Set<number>;
  snapshots: SessionRecord['snapshots'];
  /** While true, events wait in `pending` so a replay or start-up can go first, in order. */
  replaying = true;
  pending: LoggedEvent[] = [];
  /** Tells this attachment of the session apart from an earlier one on another node. */
  readonly attachId = randomBytes(8).toString('hex');
  /**
   * When the newest access token this session presented expires (ms). The connection closes a grace
   * after it; until set, it is 0, so a session that was never given one does not stay open.
   */
  tokenExpiresAt = 0;

  constructor(
    readonly id: string,
    public user: UserRow,
    readonly deviceId: number,
    public socket: WebSocket,
    lastSeq: number,
    hidden: Iterable<number>,
    snapshots: SessionRecord['snapshots'] = [],
  ) {
    this.lastSeq = lastSeq;
    this.hidden = new Set(hidden);
    this.snapshots = snapshots;
  }

  snapshot(seq: number = this.lastSeq): void {
    const last = this.snapshots[this.snapshots.length - 1];
    const hidden = [...this.hidden];
    if (last && last.seq === seq) last.hidden = hidden;
    else this.snapshots.push({ seq, hidden });
    if (this.snapshots.length > MAX_SNAPSHOTS) this.snapshots.splice(0, this.snapshots.length - MAX_SNAPSHOTS);
  }

  record(): SessionRecord {
    return {
      sessionId: this.id,
      userId: this.user.id,
      deviceId: this.deviceId,
      tokenExpiresAt: this.tokenExpiresAt,
      role: this.user.role,
      snapshots: this.snapshots,
    };
  }
}

/** Whether an event (of the log, or ephemeral) is for this session, given what it may see at that point. */
export function isFor(
  session: { user: { id: number }; deviceId: number; hidden: Set<number> },
  event: Pick<LoggedEvent, 'audience'>,
): boolean {
  const a = event.audience;
  switch (a.kind) {
    case 'all':
      return true;
    case 'all_except':
      return !a.userIds.includes(session.user.id);
    case 'groups_any':
      return a.groupIds.some((g) => !session.hidden.has(g));
    case 'users':
      return a.userIds.includes(session.user.id);
    case 'device':
      return a.deviceId === session.deviceId;
    case 'group':
      return !session.hidden.has(a.groupId) && !a.except?.includes(session.user.id);
    case 'group_users':
      return a.userIds.includes(session.user.id) && !session.hidden.has(a.groupId);
  }
}

interface PermissionEventData {
  user_id: number;
  group_id: number;
  permission: string;
}

/**
 * Applies an event's effect on what the session may see (can_view changes); returns true if it changed.
 * The permission events are in the log, so applying them in order gives the visibility at every seq.
 */
export function applyVisibility(
  session: { user: Pick<UserRow, 'id' | 'role'>; hidden: Set<number> },
  event: LoggedEvent,
): boolean {
  if (event.type !== 'permission_granted' && event.type !== 'permission_revoked') return false;
  if (bypassesGroupPermissions(session.user)) return false;
  const data = JSON.parse(event.data) as PermissionEventData;
  if (data.user_id !== session.user.id || data.permission !== 'can_view') return false;
  if (event.type === 'permission_revoked') session.hidden.add(data.group_id);
  else session.hidden.delete(data.group_id);
  return true;
}
