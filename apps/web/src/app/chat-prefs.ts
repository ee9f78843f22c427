import { useSyncExternalStore } from 'react';
import { safeLocalStorage } from '../lib/safe-local-storage';

/**
 * The chat's display preferences (spec 3 §2 Chat Settings, §3 local preference keys), kept in this
 * browser under the spec's keys and applied live. What the message list draws (borders, density,
 * times, font size, motion) is a data attribute on the document root that CSS follows, so a change
 * re-renders nothing in the virtual list; the Send button and the blur of sensitive content read the
 * store where they are drawn.
 */

export const CHAT_FONT_SIZES = ['small', 'default', 'large'] as const;
export type ChatFontSize = (typeof CHAT_FONT_SIZES)[number];

/** Spec 1 §3, spec 3 §2: the six spellcheck languages, as stored. */
export const SPELLCHECK_LANGUAGES = ['en_US', 'en-GB', 'en-AU', 'es', 'es-US', 'fr'] as const;
export type SpellcheckLanguage = (typeof SPELLCHECK_LANGUAGES)[number];

export interface ChatPrefs {
  showMessageBorders: boolean;
  animationsEnabled: boolean;
  compactMode: boolean;
  showSendButton: boolean;
  showTimestamps: boolean;
  autoUnblurContent: boolean;
  showLinkPreviews: boolean;
  fontSize: ChatFontSize;
  spellcheckLanguage: SpellcheckLanguage;
}

/** The spec's localStorage keys, one per preference. */
export const CHAT_PREF_KEYS: Record<keyof ChatPrefs, string> = {
  showMessageBorders: 'chatShowMessageBorders',
  animationsEnabled: 'chatAnimationsEnabled',
  compactMode: 'chatCompactMode',
  showSendButton: 'chatShowSendButton',
  showTimestamps: 'chatShowTimestamps',
  autoUnblurContent: 'autoUnblurContent',
  showLinkPreviews: 'chatShowLinkPreviews',
  fontSize: 'chatFontSize',
  spellcheckLanguage: 'spellcheckLanguage',
};

/** Spec 3 §3's defaults. */
export const DEFAULT_CHAT_PREFS: ChatPrefs = {
  showMessageBorders: true,
  animationsEnabled: true,
  compactMode: false,
  showSendButton: true,
  showTimestamps: true,
  autoUnblurContent: false,
  // Not in the spec's list: a switch of link previews, on as Discord's is.
  showLinkPreviews: true,
  fontSize: 'default',
  spellcheckLanguage: 'en_US',
};

/** 'true' and 'false' as stored; anything else (missing, damaged) is the default. */
const flag = (stored: string | null, fallback: boolean) =>
  stored === 'true' ? true : stored === 'false' ? false : fallback;

function oneOf<T extends string>(values: readonly T[], stored: string | null, fallback: T): T {
  return values.includes(stored as T) ? (stored as T) : fallback;
}

/** Reads every preference from storage, whatever is there: a value it does not know is its default. */
export function readChatPrefs(storage: Pick<Storage, 'getItem'> | null): ChatPrefs {
  const get = (key: keyof ChatPrefs): string | null => {
    try {
      return storage?.getItem(CHAT_PREF_KEYS[key]) ?? null;
    } catch {
      return null;
    }
  };
  const d = DEFAULT_CHAT_PREFS;
  // The spellcheck worker has always read 'en-US' as American English too.
  const language = get('spellcheckLanguage');
  return {
    showMessageBorders: flag(get('showMessageBorders'), d.showMessageBorders),
    animationsEnabled: flag(get('animationsEnabled'), d.animationsEnabled),
    compactMode: flag(get('compactMode'), d.compactMode),
    showSendButton: flag(get('showSendButton'), d.showSendButton),
    showTimestamps: flag(get('showTimestamps'), d.showTimestamps),
    autoUnblurContent: flag(get('autoUnblurContent'), d.autoUnblurContent),
    showLinkPreviews: flag(get('showLinkPreviews'), d.showLinkPreviews),
    fontSize: oneOf(CHAT_FONT_SIZES, get('fontSize'), d.fontSize),
    spellcheckLanguage: oneOf(SPELLCHECK_LANGUAGES, language === 'en-US' ? 'en_US' : language, d.spellcheckLanguage),
  };
}

/**
 * The attributes the chat's CSS follows, on the document root: `data-chat-borders`,
 * `data-chat-animations`, `data-chat-compact`, `data-chat-timestamps` ('on' or 'off') and
 * `data-chat-font-size` ('small', 'default', 'large').
 */
export function chatRootAttributes(prefs: ChatPrefs): Record<string, string> {
  const onOff = (on: boolean) => (on ? 'on' : 'off');
  return {
    'data-chat-borders': onOff(prefs.showMessageBorders),
    'data-chat-animations': onOff(prefs.animationsEnabled),
    'data-chat-compact': onOff(prefs.compactMode),
    'data-chat-timestamps': onOff(prefs.showTimestamps),
    'data-chat-font-size': prefs.fontSize,
  };
}

type PrefsStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The preferences of this browser as live state (read through useSyncExternalStore). */
export class ChatPrefsStore {
  private prefs: ChatPrefs;
  private listeners = new Set<() => void>();

  constructor(
    private storage: PrefsStorage | null = safeLocalStorage(),
    private root: HTMLElement | null = typeof document === 'undefined' ? null : document.documentElement,
  ) {
    this.prefs = readChatPrefs(storage);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): ChatPrefs => this.prefs;

  /** Stores a change under the spec's keys and applies it at once. */
  set(patch: Partial<ChatPrefs>): void {
    for (const [key, value] of Object.entries(patch) as [keyof ChatPrefs, ChatPrefs[keyof ChatPrefs]][]) {
      try {
        this.storage?.setItem(CHAT_PREF_KEYS[key], String(value));
      } catch {
        // Storage full or refused: the change still holds for this visit.
      }
    }
    this.replace({ ...this.prefs, ...patch });
  }

  /** Reads storage again (another tab changed it). */
  reload(): void {
    this.replace(readChatPrefs(this.storage));
  }

  /** Puts the attributes the chat's CSS follows on the document root. */
  applyToRoot(): void {
    if (!this.root) return;
    for (const [name, value] of Object.entries(chatRootAttributes(this.prefs))) this.root.setAttribute(name, value);
  }

  private replace(next: ChatPrefs): void {
    const changed = (Object.keys(next) as (keyof ChatPrefs)[]).some((key) => next[key] !== this.prefs[key]);
    if (!changed) return;
    this.prefs = next;
    this.applyToRoot();
    for (const listener of this.listeners) listener();
  }
}

/** The one store of this tab. */
export const chatPrefs = new ChatPrefsStore();

/**
 * Call once before the first render, so the first paint already has the chosen density and size.
 * Changes made in another tab are followed too (the `storage` event).
 */
export function initChatPrefs(): void {
  chatPrefs.applyToRoot();
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(CHAT_PREF_KEYS).includes(event.key)) chatPrefs.reload();
  });
}

/** One preference, re-rendering only when it changes. */
export function useChatPref<K extends keyof ChatPrefs>(key: K): ChatPrefs[K] {
  return useSyncExternalStore(chatPrefs.subscribe, () => chatPrefs.get()[key]);
}

/** Every preference (the settings tab). */
export function useChatPrefs(): ChatPrefs {
  return useSyncExternalStore(chatPrefs.subscribe, chatPrefs.get);
}
