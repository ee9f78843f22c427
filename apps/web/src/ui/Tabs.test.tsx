import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs } from './Tabs';

describe('Tabs', () => {
  it('shows the first panel and moves with the arrow keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs
        label="Settings sections"
        tabs={[
          { value: 'account', label: 'My Account', content: 'Account panel' },
          { value: 'profile', label: 'Profile', content: 'Profile panel' },
        ]}
      />,
    );
    expect(screen.getByRole('tabpanel').textContent).toBe('Account panel');

    screen.getByRole('tab', { name: 'My Account' }).focus();
    await user.keyboard('{ArrowRight}');

    expect(screen.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('Profile panel');
  });
});
