import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';
import { Button } from './Button';

function RenameGroup({ submitting = false }: { submitting?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title="Rename Group"
        description="Pick a new name."
        preventClose={submitting}
        footer={<Button onClick={() => setOpen(false)}>Save</Button>}
      >
        <input aria-label="Group name" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a named dialog that keeps focus inside', async () => {
    const user = userEvent.setup();
    render(<RenameGroup />);

    // The dialog's code arrives with its first opening (or earlier, when the page is idle).
    const dialog = await screen.findByRole('dialog', { name: 'Rename Group' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
  });

  it('closes on Escape, the close button and a click outside', async () => {
    // Radix blocks pointer events outside an open dialog; the outside click must still reach the page.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<RenameGroup />);
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cannot be dismissed while preventClose is set', async () => {
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<RenameGroup submitting />);
    await screen.findByRole('dialog');

    await user.keyboard('{Escape}');
    const close = screen.getByRole<HTMLButtonElement>('button', { name: 'Close' });
    expect(close.disabled).toBe(true);
    await user.click(close);
    await user.click(document.body);

    expect(screen.getByRole('dialog', { name: 'Rename Group' })).toBeTruthy();
  });
});
