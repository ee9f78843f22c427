import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  CHAT_PREF_KEYS,
  ChatPrefsStore,
  DEFAULT_CHAT_PREFS,
  chatPrefs,
  chatRootAttributes,
  readChatPrefs,
  useChatPref,
} from './chat-prefs';

/** A Storage stand-in holding what the test put there. */
function memoryStorage(entries: Record<string, string> = {}) {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('chat preferences', () => {
  it('use the spec keys', () => {
    expect(Object.values(CHAT_PREF_KEYS).sort()).toEqual(
      [
        'autoUnblurContent',
        'chatAnimationsEnabled',
        'chatCompactMode',
        'chatFontSize',
        'chatShowMessageBorders',
        'chatShowSendButton',
        'chatShowTimestamps',
        'chatShowLinkPreviews',
        'spellcheckLanguage',
      ].sort(),
    );
  });

  it("read the spec's defaults from empty storage", () => {
    expect(readChatPrefs(memoryStorage())).toEqual({
      showMessageBorders: true,
      animationsEnabled: true,
      compactMode: false,
      showSendButton: true,
      showTimestamps: true,
      autoUnblurContent: false,
      showLinkPreviews: true,
      fontSize: 'default',
      spellcheckLanguage: 'en_US',
    });
    expect(readChatPrefs(null)).toEqual(DEFAULT_CHAT_PREFS);
  });

  it('read stored values', () => {
    const prefs = readChatPrefs(
      memoryStorage({
        chatShowMessageBorders: 'false',
        chatAnimationsEnabled: 'false',
        chatCompactMode: 'true',
        chatShowSendButton: 'false',
        chatShowTimestamps: 'false',
        autoUnblurContent: 'true',
        chatShowLinkPreviews: 'false',
        chatFontSize: 'large',
        spellcheckLanguage: 'es-US',
      }),
    );
    expect(prefs).toEqual({
      showMessageBorders: false,
      animationsEnabled: false,
      compactMode: true,
      showSendButton: false,
      showTimestamps: false,
      autoUnblurContent: true,
      showLinkPreviews: false,
      fontSize: 'large',
      spellcheckLanguage: 'es-US',
    });
  });

  it('fall back to the default for anything they do not know', () => {
    const prefs = readChatPrefs(
      memoryStorage({
        chatCompactMode: 'yes',
        chatShowSendButton: '',
        autoUnblurContent: '1',
        chatFontSize: '18px',
        spellcheckLanguage: 'de',
      }),
    );
    expect(prefs).toEqual(DEFAULT_CHAT_PREFS);
    expect(readChatPrefs(memoryStorage({ spellcheckLanguage: 'en-US' })).spellcheckLanguage).toBe('en_US');
  });

  it('survive storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    const store = new ChatPrefsStore(broken, null);
    expect(store.get()).toEqual(DEFAULT_CHAT_PREFS);
    store.set({ compactMode: true });
    expect(store.get().compactMode).toBe(true);
  });

  it('store a change under its key as true/false text, tell listeners and set the root attributes', () => {
    const storage = memoryStorage();
    const root = document.createElement('div');
    const store = new ChatPrefsStore(storage, root);
    const listener = vi.fn();
    store.subscribe(listener);

    store.set({ compactMode: true, fontSize: 'small', showTimestamps: false });

    expect(storage.data.get('chatCompactMode')).toBe('true');
    expect(storage.data.get('chatFontSize')).toBe('small');
    expect(storage.data.get('chatShowTimestamps')).toBe('false');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(root.getAttribute('data-chat-compact')).toBe('on');
    expect(root.getAttribute('data-chat-timestamps')).toBe('off');
    expect(root.getAttribute('data-chat-font-size')).toBe('small');

    store.set({ compactMode: true });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('reload what another tab stored', () => {
    const storage = memoryStorage();
    const store = new ChatPrefsStore(storage, null);
    storage.data.set('chatShowSendButton', 'false');

    store.reload();

    expect(store.get().showSendButton).toBe(false);
  });

  it('describe the page root for the CSS', () => {
    expect(chatRootAttributes(DEFAULT_CHAT_PREFS)).toEqual({
      'data-chat-borders': 'on',
      'data-chat-animations': 'on',
      'data-chat-compact': 'off',
      'data-chat-timestamps': 'on',
      'data-chat-font-size': 'default',
    });
  });

  it('re-render a reader of one preference when it changes', () => {
    const { result } = renderHook(() => useChatPref('showSendButton'));
    expect(result.current).toBe(true);
    act(() => chatPrefs.set({ showSendButton: false }));
    expect(result.current).toBe(false);
    expect(document.documentElement.getAttribute('data-chat-compact')).toBe('off');
    act(() => chatPrefs.set({ showSendButton: true }));
  });
});
