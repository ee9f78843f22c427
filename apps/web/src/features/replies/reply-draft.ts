import { useSyncExternalStore } from 'react';
import type { Message } from '@hearth/protocol';
import type { OutgoingReply } from '../../lib/outbox';
import { safeLocalStorage } from '../../lib/safe-local-storage';

export type { OutgoingReply };

/** The message a composer is replying to: enough to name it and to send the reply. */
export interface ReplyDraft {
  messageId: number;
  authorId: number;
  /** The author as the message shows them (nickname, else username). */
  name: string;
}

/**
 * The reply each composer of the tab is writing, by place (a channel id, or a conversation's negative
 * id): set by a message's Reply action, read by the composer of that place, cleared by a send, Cancel
 * or Escape. A plain store, so a channel switch keeps an unsent reply as it keeps the text.
 */
export class ReplyDrafts {
  private drafts: ReadonlyMap<number, ReplyDraft> = new Map();
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (placeId: number): ReplyDraft | null => this.drafts.get(placeId) ?? null;

  /** Starts (or moves) the reply of the message's place to this message. */
  start(message: Pick<Message, 'id' | 'channel_id' | 'user_id' | 'username' | 'nickname'>): void {
    const next = new Map(this.drafts);
    next.set(message.channel_id, {
      messageId: message.id,
      authorId: Number(message.user_id),
      name: message.nickname || message.username,
    });
    this.replace(next);
  }

  cancel(placeId: number): void {
    if (!this.drafts.has(placeId)) return;
    const next = new Map(this.drafts);
    next.delete(placeId);
    this.replace(next);
  }

  /** Signed out: nothing of the session stays. */
  clear(): void {
    if (this.drafts.size > 0) this.replace(new Map());
  }

  private replace(next: ReadonlyMap<number, ReplyDraft>): void {
    this.drafts = next;
    for (const listener of this.listeners) listener();
  }
}

/** The tab's one store. */
export const replyDrafts = new ReplyDrafts();

/** The reply the composer of a place is writing, or null. */
export function useReplyDraft(placeId: number, store: ReplyDrafts = replyDrafts): ReplyDraft | null {
  return useSyncExternalStore(store.subscribe, () => store.get(placeId));
}

/**
 * Whether a reply mentions the author of the message it answers: on by default, as in Discord, and
 * remembered per browser (localStorage) once switched.
 */
export const REPLY_MENTION_KEY = 'replyMentionAuthor';

export class ReplyMentionPref {
  private listeners = new Set<() => void>();
  private value: boolean;

  constructor(private storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()) {
    this.value = readStored(storage);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): boolean => this.value;

  set(on: boolean): void {
    if (on === this.value) return;
    this.value = on;
    try {
      this.storage?.setItem(REPLY_MENTION_KEY, String(on));
    } catch {
      // Storage full or refused: the choice holds for this tab.
    }
    for (const listener of this.listeners) listener();
  }
}

function readStored(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(REPLY_MENTION_KEY) !== 'false';
  } catch {
    return true;
  }
}

export const replyMentionPref = new ReplyMentionPref();

export function useReplyMention(pref: ReplyMentionPref = replyMentionPref): boolean {
  return useSyncExternalStore(pref.subscribe, pref.get);
}

/** What a send of the composer of `placeId` carries about its reply, if it is writing one. */
export function outgoingReply(
  placeId: number,
  store: ReplyDrafts = replyDrafts,
  pref: ReplyMentionPref = replyMentionPref,
): OutgoingReply | null {
  const draft = store.get(placeId);
  return draft ? { id: draft.messageId, mention: pref.get() } : null;
}

/** The composer's text box: where a reply is written once started. */
export function focusComposer(): void {
  const focus = () => document.querySelector<HTMLTextAreaElement>('[data-composer]')?.focus();
  requestAnimationFrame(focus);
  // A menu the reply was chosen from gives focus back to its opener as it closes: take it after that.
  setTimeout(focus, 60);
}

/** Starts a reply to the message in its place's composer and puts the caret there. */
export function startReply(message: Message, store: ReplyDrafts = replyDrafts): void {
  store.start(message);
  focusComposer();
}
