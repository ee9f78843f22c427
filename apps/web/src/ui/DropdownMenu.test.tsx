import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DropdownMenu } from './DropdownMenu';
import { IconButton } from './Button';

describe('DropdownMenu', () => {
  it('opens from its button by keyboard and names the menu', async () => {
    const user = userEvent.setup();
    const rename = vi.fn();
    render(
      <DropdownMenu
        label="Group options"
        trigger={<IconButton aria-label="More">⋯</IconButton>}
        items={[{ label: 'Rename', onSelect: rename }]}
      />,
    );

    screen.getByRole('button', { name: 'More' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu', { name: 'Group options' })).toBeTruthy();

    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});
