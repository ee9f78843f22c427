import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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
    expect(await screen.findByRole('menu', { name: 'Group options' })).toBeTruthy();

    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(rename).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

describe('DropdownMenu focus and state', () => {
  const renderMenu = () => {
    render(
      <DropdownMenu
        label="Group options"
        trigger={<IconButton aria-label="More">⋯</IconButton>}
        items={[
          { label: 'Rename', onSelect: vi.fn() },
          { label: 'Delete', onSelect: vi.fn() },
        ]}
      />,
    );
    return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'More' }) };
  };

  it('marks its button as opening a menu and tells whether it is open', async () => {
    const { user, button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('data-state')).toBe('closed');

    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Group options' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('data-state')).toBe('open');
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
  });

  it('starts on its first item when a key opened it, and gives focus back to its button on Escape', async () => {
    const { user, button } = renderMenu();
    button.focus();
    await user.keyboard('{Enter}');
    const first = await screen.findByRole('menuitem', { name: 'Rename' });
    await waitFor(() => expect(document.activeElement).toBe(first));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));

    // Opened again, now with its code at hand, the same.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Rename' }));
  });

  it('starts on the menu itself when clicked', async () => {
    const { user, button } = renderMenu();
    await user.click(button);
    const menu = await screen.findByRole('menu', { name: 'Group options' });
    await waitFor(() => expect(document.activeElement).toBe(menu));
  });
});
