import { act, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NARROW_QUERY, useIsNarrow } from './useIsNarrow';

function Probe() {
  return <p>{useIsNarrow() ? 'narrow' : 'wide'}</p>;
}

describe('useIsNarrow', () => {
  it('subscribes to the media query once, not on every render, and follows its changes', () => {
    let matches = false;
    const listeners = new Set<() => void>();
    const subscribed = vi.fn();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === NARROW_QUERY && matches,
      addEventListener: (_: string, l: () => void) => {
        subscribed();
        listeners.add(l);
      },
      removeEventListener: (_: string, l: () => void) => listeners.delete(l),
    }));

    const view = render(<Probe />);
    for (let i = 0; i < 3; i++) view.rerender(<Probe />);
    expect(subscribed).toHaveBeenCalledTimes(1);
    expect(view.container.textContent).toBe('wide');

    matches = true;
    act(() => listeners.forEach((l) => l()));
    expect(view.container.textContent).toBe('narrow');
  });
});
