import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
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

    // The menu's code arrives with the first opening (or earlier, when the page is idle).
    expect(await screen.findByRole('menu', { name: 'Message actions' })).toBeTruthy();
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Copy Text', 'Delete']);
    expect(screen.getByRole('separator')).toBeTruthy();

    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));

    expect(actions.remove).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('does not run a disabled item', async () => {
    const { user, actions } = renderMessage();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });

    const copy = await screen.findByRole('menuitem', { name: 'Copy Text' });
    expect(copy.getAttribute('aria-disabled')).toBe('true');
    await user.click(copy);
    await user.keyboard('{Enter}');

    expect(actions.copy).not.toHaveBeenCalled();
  });

  it('closes on Escape without running anything', async () => {
    const { user, actions } = renderMessage();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });
    await screen.findByRole('menu');

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).toBeNull();
    expect(actions.edit).not.toHaveBeenCalled();
    expect(actions.remove).not.toHaveBeenCalled();
  });

  it('can be driven by keyboard once open', async () => {
    const { user, actions } = renderMessage();
    await user.pointer({ keys: '[MouseRight]', target: screen.getByText('hello world') });
    await screen.findByRole('menu');

    await user.keyboard('{ArrowDown}{Enter}');

    expect(actions.edit).toHaveBeenCalledOnce();
  });

  it('marks the right-clicked element open while its menu is', async () => {
    const { user } = renderMessage();
    const target = screen.getByText('hello world');
    expect(target.getAttribute('data-state')).toBe('closed');
    await user.pointer({ keys: '[MouseRight]', target });
    await screen.findByRole('menu');
    expect(target.getAttribute('data-state')).toBe('open');
    await user.keyboard('{Escape}');
    expect(target.getAttribute('data-state')).toBe('closed');
  });

  it('opens on a long press on touch', async () => {
    renderMessage();
    const target = screen.getByText('hello world');
    fireEvent.pointerDown(target, { pointerType: 'touch', clientX: 10, clientY: 10 });
    expect(await screen.findByRole('menu', { name: 'Message actions' })).toBeTruthy();
  });

  it('leaves the browser its own menu when there is nothing to offer', () => {
    render(
      <ContextMenu items={[]} label="Empty">
        <p>plain</p>
      </ContextMenu>,
    );
    // fireEvent answers false when a handler prevented the default.
    expect(fireEvent.contextMenu(screen.getByText('plain'))).toBe(true);
  });
});
