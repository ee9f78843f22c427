import { TYPING_EXPIRY_MS } from '@hearth/protocol/constants';
import { typingText } from '@hearth/protocol/texts';
import type { LiveSignal } from '../../lib/live';

/** A conversation as the typing store names it: a channel, or the direct message with a user. */
export type ConversationKey = `c:${number}` | `d:${number}`;
export const channelKey = (channelId: number): ConversationKey => `c:${channelId}`;
export const dmKey = (otherUserId: number): ConversationKey => `d:${otherUserId}`;

export interface Typist {
  userId: number;
  /** As shown everywhere: the nickname, or the username without one. */
  name: string;
  expiresAt: number;
}

interface TypingFrameData {
  channel_id?: number;
  dm_user_id?: number;
  user_id: number;
  username: string;
  nickname: string | null;
}

interface MessageFrameData {
  channel_id: number;
  group_id: number | null;
  user_id: number;
}

const NONE: readonly Typist[] = [];

/**
 * Who is typing where, as this tab has heard it (`typing_start` frames, with no seq): each typist
 * for TYPING_EXPIRY_MS after their last frame, or until their message in that conversation arrives.
 * Nothing of it survives a dropped connection: after one, the typists heard before are stale.
 * Read with useSyncExternalStore; each conversation's list is a new array only when it changes.
 */
export class TypingStore {
  private lists = new Map<ConversationKey, readonly Typist[]>();
  private listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private now: () => number = () => Date.now()) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Typists of a conversation, in the order they started typing. */
  typists(key: ConversationKey): readonly Typist[] {
    return this.lists.get(key) ?? NONE;
  }

  /** The line under the composer for a conversation: '' when nobody is typing. */
  text(key: ConversationKey): string {
    return typingText(this.typists(key).map((t) => t.name));
  }

  /** Someone is typing: shown (or kept, in their place) until TYPING_EXPIRY_MS from now. */
  start(key: ConversationKey, userId: number, name: string): void {
    const expiresAt = this.now() + TYPING_EXPIRY_MS;
    const list = this.typists(key);
    const at = list.findIndex((t) => t.userId === userId);
    const typist = { userId, name, expiresAt };
    this.set(key, at < 0 ? [...list, typist] : list.map((t, i) => (i === at ? typist : t)));
    this.schedule();
  }

  /** Their message arrived: they are no longer typing it. */
  stop(key: ConversationKey, userId: number): void {
    const list = this.typists(key);
    if (list.some((t) => t.userId === userId))
      this.set(
        key,
        list.filter((t) => t.userId !== userId),
      );
  }

  clear(): void {
    if (this.lists.size === 0) return;
    this.lists.clear();
    this.emit();
  }

  /** Follows the live connection: typing frames, messages that end them, and drops that make them stale. */
  onSignal = (signal: LiveSignal): void => {
    if (signal.kind === 'state') {
      if (signal.state !== 'open') this.clear();
      return;
    }
    if (signal.kind !== 'frame') return;
    const { type, data } = signal.frame;
    if (type === 'typing_start') {
      const t = data as TypingFrameData;
      const key = t.channel_id !== undefined ? channelKey(t.channel_id) : dmKey(t.dm_user_id ?? t.user_id);
      this.start(key, t.user_id, t.nickname || t.username);
    } else if (type === 'message') {
      const m = data as MessageFrameData;
      this.stop(channelKey(m.channel_id), m.user_id);
    } else if (type === 'direct_message') {
      // The author's message ends their typing in the conversation with them.
      const m = data as MessageFrameData;
      this.stop(dmKey(m.user_id), m.user_id);
    }
  };

  private set(key: ConversationKey, list: readonly Typist[]): void {
    if (list.length === 0) this.lists.delete(key);
    else this.lists.set(key, list);
    this.emit();
  }

  /** One timer, for the next expiry. */
  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let next = Infinity;
    for (const list of this.lists.values()) for (const t of list) next = Math.min(next, t.expiresAt);
    if (next === Infinity) return;
    this.timer = setTimeout(() => this.expire(), Math.max(0, next - this.now()));
  }

  private expire(): void {
    this.timer = null;
    const now = this.now();
    let changed = false;
    for (const [key, list] of this.lists) {
      const left = list.filter((t) => t.expiresAt > now);
      if (left.length === list.length) continue;
      changed = true;
      if (left.length === 0) this.lists.delete(key);
      else this.lists.set(key, left);
    }
    if (changed) this.emit();
    this.schedule();
  }

  private emit(): void {
    for (const l of this.listeners) l();
  }
}
