import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { ReturnVeil, RETURN_TEXT } from './ReturnVeil';

let visibility: DocumentVisibilityState = 'visible';

function show(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
});

describe('ReturnVeil', () => {
  it('after over 10 s hidden, says welcome back for 5 s (spec 3 §4), then nothing', () => {
    renderWithServices(<ReturnVeil />, testServices({ user: user() }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    show('hidden');
    act(() => vi.advanceTimersByTime(10_001));
    show('visible');
    // This test has no live connection, so it is still coming back.
    expect(status.textContent).toBe(RETURN_TEXT.reconnecting);
    act(() => vi.advanceTimersByTime(4_999));
    expect(status.textContent).toBe(RETURN_TEXT.reconnecting);
    act(() => vi.advanceTimersByTime(1));
    expect(status.textContent).toBe('');
  });

  it('stays quiet after a short absence', () => {
    renderWithServices(<ReturnVeil />, testServices({ user: user() }));
    show('hidden');
    act(() => vi.advanceTimersByTime(10_000));
    show('visible');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('counts a page restored from the back-forward cache as a return', () => {
    renderWithServices(<ReturnVeil />, testServices({ user: user() }));
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    act(() => vi.advanceTimersByTime(30_000));
    act(() => {
      window.dispatchEvent(new Event('pageshow'));
    });
    expect(screen.getByRole('status').textContent).toBe(RETURN_TEXT.reconnecting);
  });
});
