import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Switch } from './Switch';

describe('Switch', () => {
  it('toggles from its label', async () => {
    const user = userEvent.setup();
    function CompactMode() {
      const [on, setOn] = useState(false);
      return <Switch label="Compact Mode" checked={on} onCheckedChange={setOn} />;
    }
    render(<CompactMode />);

    await user.click(screen.getByText('Compact Mode'));

    expect(screen.getByRole('switch', { name: 'Compact Mode' }).getAttribute('aria-checked')).toBe('true');
  });
});
