import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUSH_NAVIGATE } from '../features/home/useHomeEvents';
import { relayWorkerMessage, startServiceWorker } from './service-worker';

afterEach(() => vi.unstubAllEnvs());

function listen() {
  const target = new EventTarget();
  const details: unknown[] = [];
  target.addEventListener(PUSH_NAVIGATE, (event) => details.push((event as CustomEvent).detail));
  return { target, details };
}

describe("the service worker's messages", () => {
  it("turn a tapped notification's place into the push:navigate window event useHomeEvents reads", () => {
    const { target, details } = listen();
    expect(relayWorkerMessage({ type: 'push:navigate', data: { type: 'dm', userId: 7 } }, target)).toBe(true);
    expect(
      relayWorkerMessage({ type: 'push:navigate', data: { type: 'channel', channelId: 4, groupId: 2 } }, target),
    ).toBe(true);
    expect(relayWorkerMessage({ type: 'push:navigate', data: { type: 'friends' } }, target)).toBe(true);
    expect(details).toEqual([
      { type: 'dm', userId: 7 },
      { type: 'channel', channelId: 4, groupId: 2 },
      { type: 'friends' },
    ]);
  });

  it('drop anything else', () => {
    const { target, details } = listen();
    for (const message of [
      null,
      'push:navigate',
      { type: 'other', data: { type: 'friends' } },
      { type: 'push:navigate' },
      { type: 'push:navigate', data: { type: 'test' } },
      { type: 'push:navigate', data: { type: 'channel', channelId: 4 } },
    ]) {
      expect(relayWorkerMessage(message, target), JSON.stringify(message)).toBe(false);
    }
    expect(details).toEqual([]);
  });

  it('are the only thing a development build does: no worker is registered there', () => {
    const register = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { register, addEventListener: vi.fn(), startMessages: vi.fn() },
    });
    startServiceWorker();
    window.dispatchEvent(new Event('load'));
    expect(register).not.toHaveBeenCalled();
  });

  it('a production build registers /sw.js for the whole site once the page has loaded, and relays its messages', () => {
    vi.stubEnv('PROD', true);
    const container = new EventTarget();
    const register = vi.fn(() => Promise.resolve());
    const startMessages = vi.fn();
    Object.assign(container, { register, startMessages });
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: container });
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
    startServiceWorker();
    expect(register).not.toHaveBeenCalled();
    expect(startMessages).toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    readyState.mockRestore();

    const details: unknown[] = [];
    const onWindow = (event: Event) => details.push((event as CustomEvent).detail);
    window.addEventListener(PUSH_NAVIGATE, onWindow);
    container.dispatchEvent(
      new MessageEvent('message', { data: { type: 'push:navigate', data: { type: 'dm', userId: 3 } } }),
    );
    window.removeEventListener(PUSH_NAVIGATE, onWindow);
    expect(details).toEqual([{ type: 'dm', userId: 3 }]);
  });
});
