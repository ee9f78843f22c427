import type { PresenceStatus, UserPresence } from '@hearth/protocol';

/** How a user's presence shows: the spec's colour rule (spec 2 §4) applied once, here. */
export interface PresenceView {
  /** online only while actually connected; away and busy as set; anything else offline. */
  status: PresenceStatus;
  isOnline: boolean;
  lastSeen: string | null;
}

export const OFFLINE: PresenceView = { status: 'offline', isOnline: false, lastSeen: null };

function viewOf(p: UserPresence): PresenceView {
  const status = !p.is_online ? 'offline' : p.presence_status;
  return { status, isOnline: p.is_online && status !== 'offline', lastSeen: p.last_seen };
}

/**
 * Everyone's presence the tab knows, by user id: filled by the presence list and kept current by
 * presence_update events. Per-user subscriptions, so one user changing status re-renders only the
 * rows showing that user.
 */
export class PresenceStore {
  private views = new Map<number, PresenceView>();
  private listeners = new Map<number, Set<() => void>>();
  private allListeners = new Set<() => void>();
  private version = 0;

  get(userId: number): PresenceView {
    return this.views.get(userId) ?? OFFLINE;
  }

  /** Replaces what is known with a full list (users not in it are offline). */
  reset(list: readonly UserPresence[]): void {
    const before = this.views;
    this.views = new Map(list.map((p) => [p.user_id, viewOf(p)]));
    const changed = new Set([...before.keys(), ...this.views.keys()]);
    this.notify(changed);
  }

  apply(update: UserPresence): void {
    const next = viewOf(update);
    const prev = this.views.get(update.user_id);
    if (prev && prev.status === next.status && prev.isOnline === next.isOnline && prev.lastSeen === next.lastSeen)
      return;
    this.views.set(update.user_id, next);
    this.notify([update.user_id]);
  }

  clear(): void {
    this.reset([]);
  }

  subscribeUser(userId: number, listener: () => void): () => void {
    let set = this.listeners.get(userId);
    if (!set) this.listeners.set(userId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  /** For lists filtered by presence (the Online tab): any change at all. */
  subscribeAll = (listener: () => void): (() => void) => {
    this.allListeners.add(listener);
    return () => this.allListeners.delete(listener);
  };

  /** Changes whenever any user's presence changes. */
  getVersion = (): number => this.version;

  private notify(userIds: Iterable<number>): void {
    this.version++;
    for (const id of userIds) for (const l of this.listeners.get(id) ?? []) l();
    for (const l of this.allListeners) l();
  }
}
