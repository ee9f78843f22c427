import { TYPING_SEND_INTERVAL_MS } from '@hearth/protocol/constants';
import { conversationIdOf } from '@hearth/protocol/conversation-id';
import type { LiveSignal } from '../../lib/live';

/** Where the composer writes, as `typing_start` names it. */
export type TypingPlace = { channel_id: number } | { dm_user_id: number };

interface MessageFrameData {
  channel_id: number;
  group_id: number | null;
  user_id: number;
}

/**
 * Says `typing_start` for one conversation while its text changes: at most once per
 * TYPING_SEND_INTERVAL_MS, never for an empty box or a slash command (a command is run, not posted, so
 * nobody waits for it). The interval starts again once the user's own message there arrives: the
 * others drop the indicator then, and must see it again if the user goes on typing.
 */
export class TypingSender {
  private lastSent = -Infinity;

  constructor(
    private place: TypingPlace,
    /** Sends a frame nothing answers; false when it could not go (not connected). */
    private send: (frame: Record<string, unknown>) => boolean,
    /** The signed-in user, whose own messages end a typing spell. */
    private me: number,
    private now: () => number = () => Date.now(),
  ) {}

  /** The composer's text is now `text` (typed, pasted, an emoji or mention inserted, or cleared). */
  textChanged(text: string): void {
    const typed = text.trim();
    if (typed === '' || typed.startsWith('/')) return;
    const now = this.now();
    if (now - this.lastSent < TYPING_SEND_INTERVAL_MS) return;
    if (this.send({ type: 'typing_start', ...this.place })) this.lastSent = now;
  }

  /** Follows the live connection for the user's own messages in this conversation. */
  onSignal = (signal: LiveSignal): void => {
    if (signal.kind !== 'frame') return;
    const { type, data } = signal.frame;
    if (type !== 'message' && type !== 'direct_message') return;
    const m = data as MessageFrameData;
    if (m.user_id !== this.me) return;
    const here =
      'channel_id' in this.place
        ? type === 'message' && m.channel_id === this.place.channel_id
        : type === 'direct_message' && m.channel_id === conversationIdOf(this.me, this.place.dm_user_id);
    if (here) this.lastSent = -Infinity;
  };
}
