import type { PermissionFlags } from '@hearth/protocol/rules';
import type { PermissionChange } from './permission-notice';

/** One permission_granted or permission_revoked event about the signed-in user. */
export interface PermissionChangeEvent extends PermissionChange {
  group_id: number;
  group_name: string;
  /** The whole set after the change; every event of one change carries the same set. */
  permissions: PermissionFlags;
}

const same = (a: PermissionFlags, b: PermissionFlags) =>
  a.can_view === b.can_view && a.can_post === b.can_post && a.can_upload === b.can_upload;

/** How long the events of one change may trail each other; they are sent back to back. */
export const PERMISSION_BATCH_MS = 250;

/**
 * Gathers the events of one change. The server sends one event per permission that changed (View
 * off sends three); they belong together when they name the same group and the same resulting set,
 * and the batch is announced once no more arrive for a moment, or at once when a different change
 * for the group begins.
 */
export class PermissionChangeBatcher {
  private pending = new Map<number, { events: PermissionChangeEvent[]; timer: ReturnType<typeof setTimeout> }>();

  constructor(
    private readonly announce: (groupName: string, events: readonly PermissionChangeEvent[]) => void,
    private readonly waitMs = PERMISSION_BATCH_MS,
  ) {}

  add(event: PermissionChangeEvent): void {
    const batch = this.pending.get(event.group_id);
    if (batch && !same(batch.events[0]!.permissions, event.permissions)) this.flush(event.group_id);
    const current = this.pending.get(event.group_id);
    if (current) clearTimeout(current.timer);
    const events = [...(current?.events ?? []), event];
    const timer = setTimeout(() => this.flush(event.group_id), this.waitMs);
    this.pending.set(event.group_id, { events, timer });
  }

  /** Drops what is waiting, e.g. when the signed-in view goes away. */
  dispose(): void {
    for (const { timer } of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }

  private flush(groupId: number): void {
    const batch = this.pending.get(groupId);
    if (!batch) return;
    clearTimeout(batch.timer);
    this.pending.delete(groupId);
    // The newest name, should the group have been renamed in between.
    this.announce(batch.events.at(-1)!.group_name, batch.events);
  }
}
