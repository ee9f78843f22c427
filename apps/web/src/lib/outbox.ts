import type { Attachment, Message } from '@hearth/protocol';
import type { LiveConnection, LiveSignal } from './live';
import { makeNonce } from './nonce';

export interface PendingMessage {
  nonce: string;
  /** The channel, or a direct message's conversation (negative). */
  channelId: number;
  /** Set for a direct message: who it goes to. */
  recipientId: number | null;
  content: string;
  /** When the user pressed Send (ISO), so it sits and groups like a message of that time. */
  createdAt: string;
  status: 'sending' | 'failed';
  /** Uploaded files it carries, in order, and which of them are sensitive. */
  attachments: readonly Attachment[];
  sensitiveIds: readonly number[];
  /** Why it failed, as a sentence: the server's refusal, or what happened to the connection. */
  error: string | null;
  /** The message it replies to, and whether it mentions that message's author. */
  reply?: OutgoingReply | null;
}

/** A reply's part of a send (features/replies). */
export interface OutgoingReply {
  id: number;
  mention: boolean;
}

/** Longer than the live connection's reply timeout, which normally notices a dead socket first. */
export const SEND_TIMEOUT_MS = 15_000;
export const CONNECTION_LOST = 'The connection was lost.';
export const NO_ANSWER = 'The server did not answer.';

type Live = Pick<LiveConnection, 'send' | 'subscribe'>;

/** Uploads a message carries (already on the server, not sent yet). */
export interface OutgoingAttachments {
  attachments: readonly Attachment[];
  sensitiveIds: readonly number[];
  /** Sent as a reply to this message. */
  reply?: OutgoingReply | null;
}
const NO_ATTACHMENTS: OutgoingAttachments = { attachments: [], sensitiveIds: [] };

/**
 * Channel messages sent but not yet confirmed, for the whole tab, so a message never just vanishes
 * (not even on a channel switch). The server confirms a send only through events: its `message`
 * event carries our nonce, an `error` frame carries it on refusal. A send still waiting when the
 * connection drops has failed as far as anyone can tell; Retry sends it again with the same nonce,
 * which the server stores at most once, so a send that did arrive is never doubled.
 */
export class Outbox {
  private entries: readonly PendingMessage[] = [];
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private listeners = new Set<() => void>();

  constructor(
    private live: Live,
    private now: () => Date = () => new Date(),
  ) {
    live.subscribe(this.onSignal);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): readonly PendingMessage[] => this.entries;

  /**
   * False when the live connection is not open: nothing was sent or kept. With a recipient it is a
   * direct message, and channelId is their conversation's id.
   */
  send(
    channelId: number,
    content: string,
    extras: OutgoingAttachments = NO_ATTACHMENTS,
    recipientId: number | null = null,
  ): boolean {
    const entry: PendingMessage = {
      nonce: makeNonce(),
      channelId,
      recipientId,
      content,
      createdAt: this.now().toISOString(),
      status: 'sending',
      error: null,
      attachments: extras.attachments,
      sensitiveIds: extras.sensitiveIds,
      reply: extras.reply ?? null,
    };
    if (!this.transmit(entry)) return false;
    this.set([...this.entries, entry]);
    return true;
  }

  /** Sends a failed message again, with its first nonce; false while the connection is not open. */
  retry(nonce: string): boolean {
    const entry = this.entries.find((e) => e.nonce === nonce);
    if (!entry || entry.status !== 'failed' || !this.transmit(entry)) return false;
    this.update(nonce, { status: 'sending', error: null });
    return true;
  }

  discard(nonce: string): void {
    this.forget((e) => e.nonce === nonce);
  }

  /** Messages already in the history were sent, whether or not their event reached this tab. */
  settle(messages: readonly Pick<Message, 'nonce'>[]): void {
    const seen = new Set(messages.map((m) => m.nonce).filter(Boolean));
    if (this.entries.some((e) => seen.has(e.nonce))) this.forget((e) => seen.has(e.nonce));
  }

  /** Signed out: nothing of the session stays. */
  clear(): void {
    this.forget(() => true);
  }

  private transmit(entry: PendingMessage): boolean {
    const sent = this.live.send({
      ...(entry.recipientId === null
        ? { type: 'message' }
        : { type: 'direct_message', recipient_id: entry.recipientId }),
      channel_id: entry.channelId,
      content: entry.content,
      nonce: entry.nonce,
      // Sent only when there are some (spec 1 §5).
      ...(entry.attachments.length > 0 ? { attachment_ids: entry.attachments.map((a) => a.id) } : {}),
      ...(entry.sensitiveIds.length > 0 ? { sensitive_attachment_ids: entry.sensitiveIds } : {}),
      ...(entry.reply ? { reply_to_id: entry.reply.id, reply_mention: entry.reply.mention } : {}),
    });
    if (sent) {
      clearTimeout(this.timers.get(entry.nonce));
      this.timers.set(
        entry.nonce,
        setTimeout(() => this.fail((e) => e.nonce === entry.nonce, NO_ANSWER), SEND_TIMEOUT_MS),
      );
    }
    return sent;
  }

  private onSignal = (signal: LiveSignal): void => {
    if (signal.kind === 'state' && signal.state !== 'open') {
      this.fail(() => true, CONNECTION_LOST);
      return;
    }
    if (signal.kind !== 'frame') return;
    const { type, data } = signal.frame;
    const nonce = (data as { nonce?: unknown } | null)?.nonce;
    if (typeof nonce !== 'string') return;
    // The message event may come after a failure (a resumed session replays it): sent after all.
    if (type === 'message' || type === 'direct_message') this.forget((e) => e.nonce === nonce);
    else if (type === 'error') this.fail((e) => e.nonce === nonce, (data as { detail?: string }).detail ?? NO_ANSWER);
  };

  /** Marks the matching sends still waiting as failed. */
  private fail(match: (entry: PendingMessage) => boolean, error: string): void {
    const failing = this.entries.filter((e) => e.status === 'sending' && match(e));
    if (failing.length === 0) return;
    for (const entry of failing) this.stopTimer(entry.nonce);
    this.set(this.entries.map((e) => (failing.includes(e) ? { ...e, status: 'failed', error } : e)));
  }

  private update(nonce: string, patch: Partial<PendingMessage>): void {
    this.set(this.entries.map((e) => (e.nonce === nonce ? { ...e, ...patch } : e)));
  }

  private forget(match: (entry: PendingMessage) => boolean): void {
    const kept = this.entries.filter((e) => !match(e));
    if (kept.length === this.entries.length) return;
    for (const entry of this.entries) if (match(entry)) this.stopTimer(entry.nonce);
    this.set(kept);
  }

  private stopTimer(nonce: string): void {
    clearTimeout(this.timers.get(nonce));
    this.timers.delete(nonce);
  }

  private set(entries: readonly PendingMessage[]): void {
    this.entries = entries;
    for (const listener of this.listeners) listener();
  }
}
