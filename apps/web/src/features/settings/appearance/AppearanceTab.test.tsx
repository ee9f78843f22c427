import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applyTheme } from '../../../themes';
import AppearanceTab from './AppearanceTab';

afterEach(() => {
  applyTheme('dark');
});

const activeCards = () => screen.queryAllByText('Active', { exact: true });

describe('Appearance tab', () => {
  it('opens on the category of the theme in use, marks it Active and says what is in effect', () => {
    applyTheme('ocean');
    render(<AppearanceTab />);
    expect(screen.getByRole('tab', { name: 'Nature Inspired' }).getAttribute('aria-selected')).toBe('true');
    const ocean = screen.getByRole('radio', { name: 'Ocean' }) as HTMLInputElement;
    expect(ocean.checked).toBe(true);
    expect(ocean.getAttribute('aria-describedby')).toBeTruthy();
    expect(activeCards()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Currently using: Ocean');
    expect(screen.getAllByRole('tab')).toHaveLength(8);
  });

  it('applies a theme from any category at once, and moves the Active mark', async () => {
    applyTheme('dark');
    render(<AppearanceTab />);
    const defaults = screen.getByRole('radiogroup', { name: 'System & Default' });
    expect(
      within(defaults)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['system', 'system-hc', 'dark', 'light']);

    await userEvent.click(screen.getByRole('tab', { name: 'Vibrant & Bold' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Terminal' }));

    expect(document.documentElement.dataset.theme).toBe('terminal');
    expect(document.documentElement.style.getPropertyValue('--bg-chat')).toBe('#0c0c0c');
    expect(localStorage.getItem('theme')).toBe('terminal');
    expect((screen.getByRole('radio', { name: 'Terminal' }) as HTMLInputElement).checked).toBe(true);
    expect(activeCards()).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('Currently using: Terminal');

    await userEvent.click(screen.getByRole('tab', { name: 'System & Default' }));
    expect(activeCards()).toHaveLength(0);
  });

  it('follows the system live when System is chosen', async () => {
    let dark = true;
    const listeners = new Set<() => void>();
    vi.stubGlobal(
      'matchMedia',
      vi.fn((media: string) => ({
        get matches() {
          return media === '(prefers-color-scheme: dark)' ? dark : false;
        },
        media,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      })),
    );
    render(<AppearanceTab />);
    await userEvent.click(screen.getByRole('radio', { name: 'System' }));
    expect(screen.getByRole('status').textContent).toBe('Currently using: Dark (following your system)');

    dark = false;
    for (const listener of listeners) listener();

    expect(await screen.findByText('Currently using: Light (following your system)')).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('draws each card from its own theme colours', () => {
    applyTheme('dark');
    render(<AppearanceTab />);
    const light = screen.getByRole('radio', { name: 'Light' }).closest('label')!;
    const scene = light.querySelector<HTMLElement>('[aria-hidden="true"] > span')!;
    expect(scene.style.getPropertyValue('--bg-chat')).toBe('#ffffff');
  });
});
