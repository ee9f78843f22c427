import type { Message, MessageEmbedsUpdate, MessagePinUpdate, Reaction, UserUpdateEvent } from '@hearth/protocol';
import { MESSAGE_PAGE_SIZE, MESSAGE_WINDOW_CAP } from '@hearth/protocol/constants';
import type { LiveFrame, LiveSignal } from '../../lib/live';
import {
  applyCustomEmojiEvent,
  applyReactionEvent,
  CUSTOM_EMOJI_EVENTS,
  REACTION_EVENTS,
} from '../reactions/reaction-list';
import { compareMessages, mergeMessage, upsertMessages } from './merge-messages';
import { followOriginals } from '../replies/reply-previews';
import { applyPinUpdate, PIN_UPDATE_EVENT } from '../pins/pin-events';

export interface PageQuery {
  channelId: number;
  limit: number;
  before?: number;
  after?: number;
  /** A page centred on this message (a jump to it). */
  around?: number;
}

export interface MessageWindowDeps {
  /** One page of history, oldest first. */
  fetchPage(query: PageQuery): Promise<Message[]>;
  /** Live signals (events and resync) for the time between start() and stop(). */
  subscribeLive(listener: (signal: LiveSignal) => void): () => void;
  /** Called after each load of the newest page; defaults to the `virtual_messages:initial_load` window event. */
  onNewestLoaded?(channelId: number, messages: readonly Message[]): void;
  pageSize?: number;
  windowCap?: number;
}

export interface MessageWindowState {
  status: 'loading' | 'ready';
  messages: readonly Message[];
  /** True when the last page fetched in that direction came back full, or that end was trimmed. */
  hasOlder: boolean;
  hasNewer: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  /** Position of messages[0] in the whole history, for the list: down on prepend, up when the old end is trimmed. */
  firstItemIndex: number;
  /** The newest message that arrived live in this channel, whether or not the window shows it. */
  latestLive: Message | null;
  /** Counts loads of the newest page, so the list can start over at the bottom after each. */
  generation: number;
  /** The message the window was loaded around (a jump), which the list opens on; null when it opened at the newest. */
  jumpTarget: number | null;
}

/** High enough to prepend a very long history while staying positive, as the list requires. */
export const FIRST_ITEM_INDEX = 1_000_000_000;

export const INITIAL_LOAD_EVENT = 'virtual_messages:initial_load';

function emitInitialLoad(channelId: number, messages: readonly Message[]): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(INITIAL_LOAD_EVENT, { detail: { channel_id: channelId, messages } }));
}

/**
 * Direct-message events as their channel equivalents: a conversation's window is the same window, its
 * id negative, so the channel filter below keeps the two apart.
 */
const DIRECT_MESSAGE_EVENTS: Readonly<Record<string, string>> = {
  direct_message: 'message',
  direct_message_edit: 'message_updated',
  direct_message_delete: 'message_delete',
  dm_reaction_add: 'reaction_add',
  dm_reaction_remove: 'reaction_remove',
};

/** Someone's public face changed (name, nickname, pronouns, picture, role, or the account deleted). */
const AUTHOR_EVENT = 'user_update';

/** A message's link previews arrived or were removed (channels and direct messages alike). */
const EMBEDS_EVENT = 'message_embeds_update';

const MESSAGE_EVENTS = new Set([
  AUTHOR_EVENT,
  EMBEDS_EVENT,
  'message',
  'message_updated',
  'message_admin_delete',
  'message_delete',
  ...REACTION_EVENTS,
  ...CUSTOM_EMOJI_EVENTS,
  ...Object.keys(DIRECT_MESSAGE_EVENTS),
  PIN_UPDATE_EVENT,
]);

/** Whether two windows hold the same messages, field for field. */
function sameMessages(shown: readonly Message[], loaded: readonly Message[]): boolean {
  return shown.length === loaded.length && shown.every((m, i) => JSON.stringify(m) === JSON.stringify(loaded[i]));
}

/**
 * The slice of one channel's history on screen (spec 1 §4): pages of 30 in either direction, at
 * most 100 kept, merged with live events. A plain class so the rules are testable without React.
 */
export class MessageWindow {
  private state: MessageWindowState = {
    status: 'loading',
    messages: [],
    hasOlder: false,
    hasNewer: false,
    loadingOlder: false,
    loadingNewer: false,
    firstItemIndex: FIRST_ITEM_INDEX,
    latestLive: null,
    generation: 0,
    jumpTarget: null,
  };
  private listeners = new Set<() => void>();
  private unsubscribeLive: (() => void) | null = null;
  /** Bumped by stop() and every newest-page load: answers of an older epoch are dropped. */
  private epoch = 0;
  private loadsInFlight = 0;
  /** Live events that arrive while a page is loading wait, so none falls between the page and the window. */
  private queued: LiveFrame[] = [];
  private readonly pageSize: number;
  private readonly cap: number;

  constructor(
    readonly channelId: number,
    private deps: MessageWindowDeps,
  ) {
    this.pageSize = deps.pageSize ?? MESSAGE_PAGE_SIZE;
    this.cap = deps.windowCap ?? MESSAGE_WINDOW_CAP;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): MessageWindowState => this.state;

  /** Listens to live events and loads the newest page. Safe to call again after stop(). */
  start(): void {
    if (this.unsubscribeLive) return;
    this.unsubscribeLive = this.deps.subscribeLive(this.onSignal);
    void this.loadNewest();
  }

  stop(): void {
    this.unsubscribeLive?.();
    this.unsubscribeLive = null;
    this.epoch++;
    this.loadsInFlight = 0;
    this.queued = [];
    this.set({ loadingOlder: false, loadingNewer: false });
  }

  /** Replaces the window with the newest page (first load, after a resync, or to jump to the present). */
  async loadNewest(): Promise<void> {
    const epoch = ++this.epoch;
    this.loadsInFlight = 1;
    this.set({ loadingOlder: false, loadingNewer: false });
    const page = await this.fetch({ channelId: this.channelId, limit: this.pageSize });
    if (epoch !== this.epoch) return;
    if (page) {
      const messages = upsertMessages([], page);
      // The very messages already shown (the live connection's first `ready` just after the first
      // page): the list stays as it is, keeping its scroll position and the keyboard focus.
      const unchanged =
        this.state.status === 'ready' && !this.state.hasNewer && sameMessages(this.state.messages, messages);
      this.set({
        status: 'ready',
        messages: unchanged ? this.state.messages : messages,
        hasOlder: page.length >= this.pageSize,
        hasNewer: false,
        firstItemIndex: unchanged ? this.state.firstItemIndex : FIRST_ITEM_INDEX,
        generation: unchanged ? this.state.generation : this.state.generation + 1,
        jumpTarget: null,
      });
      (this.deps.onNewestLoaded ?? emitInitialLoad)(this.channelId, messages);
    } else {
      // Loads fail silently (spec 1 §8): an empty list the first time, otherwise the view as it was.
      this.set({ status: 'ready' });
    }
    this.finishLoad(epoch);
  }

  /**
   * Shows a message that may be far from the window (a reply's original): when the window does not
   * hold it, it is replaced by a page centred on it, opened there rather than at the newest end.
   * 'missing' when the history no longer has it (the window stays); 'failed' when the page did not load.
   */
  async loadAround(id: number): Promise<'found' | 'missing' | 'failed'> {
    if (this.state.messages.some((m) => m.id === id)) return 'found';
    const epoch = ++this.epoch;
    this.loadsInFlight = 1;
    this.set({ loadingOlder: false, loadingNewer: false });
    const page = await this.fetch({ channelId: this.channelId, limit: this.pageSize, around: id });
    if (epoch !== this.epoch) return 'failed';
    const found = page?.some((m) => m.id === id) ?? false;
    if (page && found) {
      // The server's split (history.ts): the message and those before it take the larger half.
      const upTo = Math.ceil(this.pageSize / 2);
      const before = page.filter((m) => m.id <= id).length;
      this.set({
        status: 'ready',
        messages: upsertMessages([], page),
        hasOlder: before >= upTo,
        hasNewer: page.length - before >= this.pageSize - upTo,
        firstItemIndex: FIRST_ITEM_INDEX,
        generation: this.state.generation + 1,
        jumpTarget: id,
      });
    }
    this.finishLoad(epoch);
    return found ? 'found' : page ? 'missing' : 'failed';
  }

  async loadOlder(): Promise<void> {
    const { status, hasOlder, loadingOlder, messages } = this.state;
    const first = messages[0];
    if (status !== 'ready' || !hasOlder || loadingOlder || !first) return;
    const epoch = this.epoch;
    this.loadsInFlight++;
    this.set({ loadingOlder: true });
    const page = await this.fetch({ channelId: this.channelId, limit: this.pageSize, before: first.id });
    if (epoch !== this.epoch) return;
    if (page) {
      const current = this.state.messages;
      let merged = upsertMessages(current, page);
      const prepended = current[0] ? merged.findIndex((m) => m.id === current[0]!.id) : merged.length;
      const trimmed = merged.length > this.cap;
      if (trimmed) merged = merged.slice(0, this.cap);
      this.set({
        messages: merged,
        firstItemIndex: this.state.firstItemIndex - Math.max(0, prepended),
        hasOlder: page.length >= this.pageSize,
        hasNewer: this.state.hasNewer || trimmed,
        loadingOlder: false,
      });
    } else this.set({ loadingOlder: false });
    this.finishLoad(epoch);
  }

  async loadNewer(): Promise<void> {
    const { status, hasNewer, loadingNewer, messages } = this.state;
    const last = messages.at(-1);
    if (status !== 'ready' || !hasNewer || loadingNewer || !last) return;
    const epoch = this.epoch;
    this.loadsInFlight++;
    this.set({ loadingNewer: true });
    const page = await this.fetch({ channelId: this.channelId, limit: this.pageSize, after: last.id });
    if (epoch !== this.epoch) return;
    if (page) {
      const messages = upsertMessages(this.state.messages, page);
      this.set({ messages, hasNewer: page.length >= this.pageSize, loadingNewer: false });
      this.trimOldEnd();
    } else this.set({ loadingNewer: false });
    this.finishLoad(epoch);
  }

  /** The user's own edit or an admin removal succeeded: show the server's copy at once. */
  applyUpdate(message: Message): void {
    if (message.channel_id !== this.channelId || !this.state.messages.some((m) => m.id === message.id)) return;
    this.set({ messages: this.state.messages.map((m) => (m.id === message.id ? mergeMessage(m, message) : m)) });
  }

  /** Changes one message's reactions: live reaction events, and the optimistic add or remove of one's own. */
  updateReactions(messageId: number, change: (reactions: readonly Reaction[]) => Reaction[]): void {
    if (!this.state.messages.some((m) => m.id === messageId)) return;
    this.set({
      messages: this.state.messages.map((m) => (m.id === messageId ? { ...m, reactions: change(m.reactions) } : m)),
    });
  }

  /** Applies `change` to every message's reactions; a message whose list comes back the same is kept. */
  private changeEveryReaction(change: (reactions: readonly Reaction[]) => readonly Reaction[]): void {
    let changed = false;
    const messages = this.state.messages.map((m) => {
      const reactions = change(m.reactions);
      if (reactions === m.reactions) return m;
      changed = true;
      return { ...m, reactions: [...reactions] };
    });
    if (changed) this.set({ messages });
  }

  /**
   * The author's messages on screen show their new name, badge and picture at once, as the member list
   * does, instead of what they were when loaded. Mentions keep the name they were written with.
   */
  private changeAuthor({ user_id: userId, ...face }: UserUpdateEvent): void {
    if (!this.state.messages.some((m) => m.user_id === userId)) return;
    this.set({ messages: this.state.messages.map((m) => (m.user_id === userId ? { ...m, ...face } : m)) });
  }

  remove(id: number): void {
    const index = this.state.messages.findIndex((m) => m.id === id);
    if (index < 0) return;
    this.set({
      messages: this.state.messages.filter((m) => m.id !== id),
      // Removing the first item is a shift at the top for the list, like a trim.
      firstItemIndex: this.state.firstItemIndex + (index === 0 ? 1 : 0),
    });
  }

  private onSignal = (signal: LiveSignal): void => {
    if (signal.kind === 'resync') void this.loadNewest();
    else if (signal.kind === 'frame' && MESSAGE_EVENTS.has(signal.frame.type)) {
      if (this.loadsInFlight > 0) this.queued.push(signal.frame);
      else this.applyFrame(signal.frame);
    }
  };

  private applyFrame({ type: received, data }: LiveFrame): void {
    const type = DIRECT_MESSAGE_EVENTS[received] ?? received;
    if (CUSTOM_EMOJI_EVENTS.has(type)) {
      this.changeEveryReaction((list) => applyCustomEmojiEvent(list, type, data as { id: number }));
      return;
    }
    if (type === AUTHOR_EVENT) {
      this.changeAuthor(data as UserUpdateEvent);
      return;
    }
    if (type === PIN_UPDATE_EVENT) {
      this.set({ messages: applyPinUpdate(this.state.messages, data as MessagePinUpdate) });
      return;
    }
    const event = data as Partial<Message> & { id: number; channel_id: number };
    if (event.channel_id !== this.channelId) return;
    if (type === EMBEDS_EVENT) {
      const { message_id: id, embeds } = data as MessageEmbedsUpdate;
      if (!this.state.messages.some((m) => m.id === id)) return;
      this.set({ messages: this.state.messages.map((m) => (m.id === id ? { ...m, embeds } : m)) });
      return;
    }
    this.set({ messages: followOriginals(this.state.messages, type, event) });
    if (REACTION_EVENTS.has(type)) {
      const reaction = data as Reaction;
      this.updateReactions(reaction.message_id, (list) => applyReactionEvent(list, type, reaction));
    } else if (type === 'message') this.addLive(data as Message);
    else if (type === 'message_delete') this.remove(event.id);
    else this.applyUpdate(data as Message);
  }

  private addLive(message: Message): void {
    const { messages, hasOlder, hasNewer } = this.state;
    if (messages.some((m) => m.id === message.id)) {
      this.applyUpdate(message);
      return;
    }
    // Not at the newest end: the message is not in the window's range; it only marks that newer exist.
    if (hasNewer) {
      this.set({ latestLive: message });
      return;
    }
    const first = messages[0];
    if (hasOlder && first && compareMessages(message, first) < 0) return;
    this.set({ messages: upsertMessages(messages, [message]), latestLive: message });
    this.trimOldEnd();
  }

  private trimOldEnd(): void {
    const excess = this.state.messages.length - this.cap;
    if (excess <= 0) return;
    this.set({
      messages: this.state.messages.slice(excess),
      firstItemIndex: this.state.firstItemIndex + excess,
      hasOlder: true,
    });
  }

  private finishLoad(epoch: number): void {
    if (epoch !== this.epoch) return;
    this.loadsInFlight = Math.max(0, this.loadsInFlight - 1);
    if (this.loadsInFlight > 0) return;
    const queued = this.queued;
    this.queued = [];
    for (const frame of queued) this.applyFrame(frame);
  }

  private async fetch(query: PageQuery): Promise<Message[] | null> {
    try {
      return await this.deps.fetchPage(query);
    } catch {
      return null;
    }
  }

  private set(patch: Partial<MessageWindowState>): void {
    if (Object.entries(patch).every(([key, value]) => this.state[key as keyof MessageWindowState] === value)) return;
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }
}
