/** Spec 1 §9: how long each kind of popup stays, and how much of its text it shows. */
export const POPUP_DURATIONS = {
  mention: 5_000,
  everyone: 10_000,
  direct_message: 7_000,
  friend_request: 8_000,
  error: 6_000,
  admin_announcement: 15_000,
} as const;
export type PopupKind = keyof typeof POPUP_DURATIONS;
/** Characters of text a popup shows (spec 1 §9), counted as displayed, without the formatting markers. */
export const POPUP_TEXT_MAX = 100;
/** More than this at once and the oldest gives way. */
export const POPUPS_MAX = 4;

export interface PopupInput {
  kind: PopupKind;
  title: string;
  text: string;
  /** Who it is from, for the avatar. */
  from?: string;
  /** Where a click leads: a channel, or the conversation with a user. */
  target?: { groupId: number; channelId: number } | { userId: number };
}

export interface Popup extends PopupInput {
  id: number;
}

/**
 * The in-app notification popups (mentions, @everyone, announcements; direct messages and friend
 * requests plug in with their own kinds). Each closes itself after its kind's time. Kept outside
 * React so live handlers can raise them; read through useSyncExternalStore.
 */
export class PopupStore {
  private popups: readonly Popup[] = [];
  private listeners = new Set<() => void>();
  private timers = new Map<number, ReturnType<typeof setTimeout>>();
  private nextId = 1;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = (): readonly Popup[] => this.popups;

  show(input: PopupInput): number {
    const popup: Popup = { ...input, id: this.nextId++ };
    const kept = [...this.popups, popup];
    while (kept.length > POPUPS_MAX) this.drop(kept.shift()!.id, false);
    this.popups = kept;
    this.timers.set(
      popup.id,
      setTimeout(() => this.dismiss(popup.id), POPUP_DURATIONS[input.kind]),
    );
    this.emit();
    return popup.id;
  }

  dismiss(id: number): void {
    this.drop(id, true);
  }

  private drop(id: number, emit: boolean) {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    const kept = this.popups.filter((p) => p.id !== id);
    if (kept.length === this.popups.length) return;
    this.popups = kept;
    if (emit) this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}
