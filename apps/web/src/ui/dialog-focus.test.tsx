import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button } from './Button';
import { ContextMenu } from './ContextMenu';
import { DropdownMenu } from './DropdownMenu';
import { Modal } from './Modal';

/** A dialog mounted while open, as the app's dialogs are, with a Cancel button in its footer. */
function RenameDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title="Rename Group"
      footer={<Button onClick={onClose}>Cancel</Button>}
    >
      <input aria-label="Group name" autoFocus />
    </Modal>
  );
}

function Screen() {
  const [renaming, setRenaming] = useState(false);
  const [copied, setCopied] = useState(0);
  const rename = { label: 'Rename', onSelect: () => setRenaming(true) };
  const copy = { label: 'Copy', onSelect: () => setCopied((n) => n + 1) };
  return (
    <>
      <ContextMenu items={[rename, copy]} label="Group actions">
        <button type="button">Hearth</button>
      </ContextMenu>
      <DropdownMenu label="More" items={[rename]} trigger={<button type="button">More</button>} />
      <button type="button" onClick={() => setRenaming(true)}>
        Open directly
      </button>
      <output>{copied}</output>
      {renaming && <RenameDialog onClose={() => setRenaming(false)} />}
    </>
  );
}

async function closedAndFocused(name: string) {
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name })));
}

describe('closing a dialog returns focus to what opened it', () => {
  it('a button that opened it directly, after Escape', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'Open directly' }));
    expect(await screen.findByRole('dialog', { name: 'Rename Group' })).toBeTruthy();
    await user.keyboard('{Escape}');
    await closedAndFocused('Open directly');
  });

  it('the right-clicked control of a context menu, after Escape and after Cancel', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const hearth = screen.getByRole('button', { name: 'Hearth' });

    for (const close of ['escape', 'cancel'] as const) {
      hearth.focus();
      await user.pointer({ keys: '[MouseRight]', target: hearth });
      await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
      await screen.findByRole('dialog', { name: 'Rename Group' });
      // The menu held focus as the dialog mounted; the dialog still starts in its field.
      await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Group name' })));
      if (close === 'escape') await user.keyboard('{Escape}');
      else await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await closedAndFocused('Hearth');
    }
  });

  it('the trigger of a dropdown menu', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename' }));
    await screen.findByRole('dialog', { name: 'Rename Group' });
    await user.keyboard('{Escape}');
    await closedAndFocused('More');
  });

  it('a menu choice that opens no dialog does not hand its opener to a later one', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const hearth = screen.getByRole('button', { name: 'Hearth' });
    hearth.focus();
    await user.pointer({ keys: '[MouseRight]', target: hearth });
    await user.click(await screen.findByRole('menuitem', { name: 'Copy' }));
    expect(screen.getByRole('status').textContent).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Open directly' }));
    await screen.findByRole('dialog', { name: 'Rename Group' });
    await user.keyboard('{Escape}');
    await closedAndFocused('Open directly');
  });
});
