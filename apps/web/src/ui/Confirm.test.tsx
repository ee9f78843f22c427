import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmProvider, useConfirm } from './Confirm';
import { type ConfirmOptions } from './ConfirmDialog';

/** Renders a button that asks the question and prints the answer, as a feature would. */
function renderAsker(options: ConfirmOptions) {
  function Asker() {
    const confirm = useConfirm();
    const [answer, setAnswer] = useState('none');
    const ask = async () => {
      setAnswer('pending');
      setAnswer(String(await confirm(options)));
    };
    return (
      <>
        <button onClick={() => void ask()}>Ask</button>
        <p>Answer: {answer}</p>
      </>
    );
  }
  render(
    <ConfirmProvider>
      <Asker />
    </ConfirmProvider>,
  );
  return userEvent.setup();
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('confirm dialog', () => {
  it('uses the default title and button labels', async () => {
    const user = renderAsker({ message: 'Proceed?' });
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    // The dialog's code arrives with its first opening (or earlier, when the page is idle).
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm Action' });
    expect(dialog.textContent).toContain('Proceed?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('starts on Cancel and resolves true when confirmed', async () => {
    const user = renderAsker({
      title: 'Delete Message',
      message: 'Are you sure you want to delete this message? This action cannot be undone.',
      confirmLabel: 'Delete',
      type: 'danger',
    });
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('alertdialog');

    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Answer: true')).toBeTruthy();
  });

  it('resolves false on Cancel and on Escape', async () => {
    const user = renderAsker({ message: 'Leave?' });
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Answer: false')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(screen.getByText('Answer: pending')).toBeTruthy();
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await screen.findByText('Answer: false')).toBeTruthy();
  });

  it('shows Processing... with both buttons disabled while the action runs', async () => {
    const action = deferred();
    const user = renderAsker({ message: 'Send?', confirmLabel: 'Send', onConfirm: () => action.promise });
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const processing = screen.getByRole<HTMLButtonElement>('button', { name: 'Processing...' });
    expect(processing.disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeTruthy();

    action.resolve();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByText('Answer: true')).toBeTruthy();
  });

  it('stays open and usable again when the action fails', async () => {
    const action = deferred();
    const user = renderAsker({ message: 'Send?', confirmLabel: 'Send', onConfirm: () => action.promise });
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    action.reject(new Error('network down'));

    const retry = await screen.findByRole<HTMLButtonElement>('button', { name: 'Send' });
    expect(retry.disabled).toBe(false);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Cancel' }).disabled).toBe(false);
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    expect(screen.getByText('Answer: pending')).toBeTruthy();
  });
});
