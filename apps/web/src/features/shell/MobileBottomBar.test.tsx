import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeServer, renderSignedIn } from '../groups/test-utils';
import { MobileBottomBar } from './MobileBottomBar';

const bar = () => screen.getByRole('navigation', { name: 'Mobile navigation' });

describe('MobileBottomBar', () => {
  it('shows an icon above the label of each of its four tabs, named by the label', () => {
    fakeServer({});
    renderSignedIn(<MobileBottomBar />);
    const tabs = within(bar()).getAllByRole('button');
    expect(tabs.map((t) => t.textContent)).toEqual(['Home', 'Groups', 'Profile', 'Settings']);
    for (const tab of tabs) {
      const icon = tab.querySelector('svg');
      expect(icon?.getAttribute('aria-hidden')).toBe('true');
      // Icon first, then the label: the stylesheet stacks them.
      expect(tab.firstElementChild).toBe(icon);
    }
  });

  it('turns Groups into Close while the rail is open, as the same button with its own icon', async () => {
    fakeServer({});
    renderSignedIn(<MobileBottomBar />);
    const groups = within(bar()).getByRole('button', { name: 'Groups' });
    const groupsIcon = groups.querySelector('svg')!.innerHTML;
    await userEvent.click(groups);

    const close = within(bar()).getByRole('button', { name: 'Close' });
    expect(close).toBe(groups);
    expect(document.activeElement).toBe(close);
    expect(close.querySelector('svg')!.innerHTML).not.toBe(groupsIcon);
  });
});
