import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { API_VERSION_KEYS, ApiVersionStore, V2_WARNING_SHOWN_KEY, apiVersion, useIsApiV2 } from './api-version';

/** A Storage stand-in holding what the test put there. */
function memoryStorage(entries: Record<string, string> = {}) {
  const data = new Map(Object.entries(entries));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

const selectorOn = {
  [API_VERSION_KEYS.developerOptions]: 'true',
  [API_VERSION_KEYS.showApiSelector]: 'true',
};

describe('the API version store', () => {
  it('is v2 with everything off by default, and on damaged values', () => {
    for (const local of [memoryStorage(), memoryStorage({ apiVersion: 'v7', developerOptions: 'yes' }), null]) {
      const store = new ApiVersionStore(local, memoryStorage());
      expect(store.get()).toEqual({
        developerOptions: false,
        showApiSelector: false,
        chosen: 'v2',
        effective: 'v2',
        v2WarningDue: false,
      });
      expect(store.isV2()).toBe(true);
    }
  });

  it('keeps both switches and the choice in local storage', () => {
    const local = memoryStorage();
    const store = new ApiVersionStore(local, memoryStorage());
    store.setDeveloperOptions(true);
    store.setShowApiSelector(true);
    store.choose('v1');
    expect(Object.fromEntries(local.data)).toEqual({
      developerOptions: 'true',
      showApiVersionSelector: 'true',
      apiVersion: 'v1',
    });
    expect(store.get()).toMatchObject({ developerOptions: true, showApiSelector: true, chosen: 'v1', effective: 'v1' });
    expect(store.isV2()).toBe(false);
    // A new tab reads the same.
    expect(new ApiVersionStore(local, memoryStorage()).get().effective).toBe('v1');
  });

  it('counts the choice only while the selector is shown', () => {
    const local = memoryStorage({ ...selectorOn, apiVersion: 'v1' });
    const store = new ApiVersionStore(local, memoryStorage());
    expect(store.get().effective).toBe('v1');
    store.setShowApiSelector(false);
    expect(store.get()).toMatchObject({ showApiSelector: false, chosen: 'v1', effective: 'v2' });
    store.setShowApiSelector(true);
    expect(store.get().effective).toBe('v1');
    // Developer Options off hides API Options, and the selector with them.
    store.setDeveloperOptions(false);
    expect(store.get()).toMatchObject({ showApiSelector: false, effective: 'v2' });
  });

  it('tells subscribers of a change, and only of a change', () => {
    const store = new ApiVersionStore(memoryStorage(selectorOn), memoryStorage());
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.choose('v2');
    expect(listener).not.toHaveBeenCalled();
    store.choose('v1');
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    store.choose('v2');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('makes the V2 warning due after a sign-in with v2 chosen on the selector, once per browser session', () => {
    const session = memoryStorage();
    const store = new ApiVersionStore(memoryStorage(selectorOn), session);
    store.noteSignIn();
    expect(store.get().v2WarningDue).toBe(true);
    store.dismissV2Warning();
    expect(store.get().v2WarningDue).toBe(false);
    expect(session.data.get(V2_WARNING_SHOWN_KEY)).toBe('true');
    store.noteSignIn();
    expect(store.get().v2WarningDue).toBe(false);
    store.requestV2Warning();
    expect(store.get().v2WarningDue).toBe(false);
    // A new browser session shows it again.
    const fresh = new ApiVersionStore(memoryStorage(selectorOn), memoryStorage());
    fresh.noteSignIn();
    expect(fresh.get().v2WarningDue).toBe(true);
  });

  it('shows no V2 warning for a sign-in on v1 or without the selector', () => {
    const onV1 = new ApiVersionStore(memoryStorage({ ...selectorOn, apiVersion: 'v1' }), memoryStorage());
    onV1.noteSignIn();
    expect(onV1.get().v2WarningDue).toBe(false);
    const noSelector = new ApiVersionStore(memoryStorage(), memoryStorage());
    noSelector.noteSignIn();
    expect(noSelector.get().v2WarningDue).toBe(false);
  });

  it('shows the V2 warning on the showV2Warning window event', () => {
    sessionStorage.clear();
    window.dispatchEvent(new Event('showV2Warning'));
    expect(apiVersion.get().v2WarningDue).toBe(true);
    apiVersion.dismissV2Warning();
    expect(apiVersion.get().v2WarningDue).toBe(false);
  });

  it('re-renders the features that read it when the version changes', () => {
    localStorage.clear();
    const { result } = renderHook(() => useIsApiV2());
    expect(result.current).toBe(true);
    act(() => {
      apiVersion.setDeveloperOptions(true);
      apiVersion.setShowApiSelector(true);
      apiVersion.choose('v1');
    });
    expect(result.current).toBe(false);
    act(() => apiVersion.setDeveloperOptions(false));
    expect(result.current).toBe(true);
    localStorage.clear();
    apiVersion.reload();
  });
});
