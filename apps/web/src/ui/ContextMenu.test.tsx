import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContextMenu } from './ContextMenu';
import { type MenuItem } from './menu-items';

function messageItems(onSelect: { edit: () => void; copy: () => void; remove: () => void }): MenuItem[] {
  return [
    { label: 'Edit', onSelect: onSelect.edit },
    { label: 'Copy Text', onSelect: onSelect.copy, disabled: true },
    { separator: true },
    { label: 'Delete', onSelect: onSelect.remove, danger: true },
  ];
}

function renderMessage() {
  const actions = { edit: vi.fn(), copy: vi.fn(), remove: vi.fn() };
  render(
    <ContextMenu items={messageItems(actions)} label="Message actions">
      <p>hello world</p>
    </ContextMenu>,
  );
  return { user: userEvent.setup(), actions };
}

describe('ContextMenu', () => {
  it('opens on right-click with the items and runs the chosen one', async () => {
    const { user, actions } = renderMessage();
    expect(screen.queryByRole('menu')).toBeNull();

    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });

    expect(screen.getByRole('menu', { name: 'Message actions' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Copy Text', 'Delete']);
    expect(screen.getByRole('separator')).toBeTruthy();

    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    expect(actions.remove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('does not run a disabled item', async () => {
    const { user, actions } = renderMessage();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });

    const copy = screen.getByRole('menuitem', { name: 'Copy Text' });
    expect(copy.getAttribute('aria-disabled')).toBe('true');
    await user.click(copy);
    await user.keyboard('{Enter}');

    expect(actions.copy).not.toHaveBeenCalled();
  });

  it('closes on Escape without running anything', async () => {
    const { user, actions } = renderMessage();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).toBeNull();
    expect(actions.edit).not.toHaveBeenCalled();
    expect(actions.remove).not.toHaveBeenCalled();
  });

  it('can be driven by keyboard once open', async () => {
    const { user, actions } = renderMessage();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });

    await user.keyboard('{ArrowDown}{Enter}');

    expect(actions.edit).toHaveBeenCalledOnce();
  });
});
