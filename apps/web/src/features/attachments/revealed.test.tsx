import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { chatPrefs, DEFAULT_CHAT_PREFS } from '../../app/chat-prefs';
import { reveal, useBlurred } from './revealed';

afterEach(() => chatPrefs.set(DEFAULT_CHAT_PREFS));

describe('sensitive attachments', () => {
  it('stay blurred until revealed one by one', () => {
    const first = renderHook(() => useBlurred(101, true));
    const second = renderHook(() => useBlurred(102, true));
    expect(first.result.current).toBe(true);
    act(() => reveal(101));
    expect(first.result.current).toBe(false);
    expect(second.result.current).toBe(true);
    expect(renderHook(() => useBlurred(103, false)).result.current).toBe(false);
  });

  it('are all shown at once, and blurred again, as Auto-unblur is turned on and off', () => {
    const { result } = renderHook(() => useBlurred(201, true));
    act(() => chatPrefs.set({ autoUnblurContent: true }));
    expect(result.current).toBe(false);
    act(() => chatPrefs.set({ autoUnblurContent: false }));
    expect(result.current).toBe(true);
  });
});
