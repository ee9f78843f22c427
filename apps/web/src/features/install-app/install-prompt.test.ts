import { describe, expect, it, vi } from 'vitest';
import { InstallPrompt, INSTALLED_QUERY, type InstallPromptEvent } from './install-prompt';

/** A window: real events, and a display-mode query whose answer the test sets. */
function fakeWindow(standalone = false) {
  const target = new EventTarget();
  const query = Object.assign(new EventTarget(), { matches: standalone, media: INSTALLED_QUERY });
  const win = {
    addEventListener: target.addEventListener.bind(target),
    dispatchEvent: target.dispatchEvent.bind(target),
    matchMedia: () => query as unknown as MediaQueryList,
  };
  const setStandalone = (value: boolean) => {
    query.matches = value;
    query.dispatchEvent(new Event('change'));
  };
  return { win, setStandalone };
}

function offer(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as InstallPromptEvent;
  event.prompt = vi.fn(() => Promise.resolve());
  event.userChoice = Promise.resolve({ outcome });
  return event;
}

describe('InstallPrompt', () => {
  it('keeps the browser’s offer (instead of its own infobar) and uses it once', async () => {
    const { win } = fakeWindow();
    const store = new InstallPrompt();
    store.listen(win as unknown as Window);
    const changed = vi.fn();
    store.subscribe(changed);
    expect(store.getSnapshot()).toEqual({ canInstall: false, installed: false });

    const event = offer();
    win.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(store.getSnapshot().canInstall).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);

    expect(await store.install()).toBe('dismissed');
    expect(event.prompt).toHaveBeenCalledTimes(1);
    expect(store.getSnapshot().canInstall).toBe(false);
    expect(await store.install()).toBe('unavailable');
  });

  it('offers nothing once installed, or when running as the installed app', () => {
    const { win } = fakeWindow();
    const store = new InstallPrompt();
    store.listen(win as unknown as Window);
    win.dispatchEvent(offer());
    win.dispatchEvent(new Event('appinstalled'));
    expect(store.getSnapshot()).toEqual({ canInstall: false, installed: true });

    const other = fakeWindow();
    const app = new InstallPrompt();
    app.listen(other.win as unknown as Window);
    other.win.dispatchEvent(offer());
    expect(app.getSnapshot().canInstall).toBe(true);
    other.setStandalone(true);
    expect(app.getSnapshot()).toEqual({ canInstall: false, installed: true });
  });
});
