import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider, useToast } from './Toasts';
import { ToastStore, type ToastType } from './toast-store';

function renderWithStore() {
  const store = new ToastStore();
  render(
    <ToastProvider store={store}>
      <p>app</p>
    </ToastProvider>,
  );
  return store;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Toasts', () => {
  it('shows a toast raised from a component, with its title and message', async () => {
    function SaveButton() {
      const toast = useToast();
      return <button onClick={() => toast.success('Saved', 'Your profile was updated')}>Save</button>;
    }
    render(
      <ToastProvider>
        <SaveButton />
      </ToastProvider>,
    );

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const toast = screen.getByRole('status', { name: 'Saved' });
    expect(toast.textContent).toContain('Your profile was updated');
  });

  it('announces errors as alerts and other types as status', () => {
    const store = renderWithStore();
    act(() => {
      store.error('Cannot Send Message', 'You are muted');
      store.warning('Careful');
      store.info('FYI');
    });

    expect(screen.getByRole('alert', { name: 'Cannot Send Message' }).textContent).toContain('You are muted');
    expect(screen.getAllByRole('status').map((t) => t.textContent)).toEqual(['Careful', 'FYI']);
  });

  it('keeps at most five, dropping the oldest', () => {
    const store = renderWithStore();
    act(() => {
      for (let i = 1; i <= 7; i++) store.info(`Toast ${i}`);
    });

    const titles = screen.getAllByRole('status').map((t) => t.textContent);
    expect(titles).toEqual(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6', 'Toast 7']);
  });

  it('shows the same news once: a repeat takes its place, announced afresh with a full countdown', () => {
    vi.useFakeTimers();
    const store = renderWithStore();
    act(() => {
      store.error('Cannot View Conversation', 'You cannot view this conversation');
      store.warning('Between');
    });
    const first = screen.getByRole('alert');
    act(() => vi.advanceTimersByTime(5000));
    act(() => {
      store.error('Cannot View Conversation', 'You cannot view this conversation');
      store.error('Cannot View Conversation', 'Another reason');
    });
    // A new alert element in the same place, so assistive technology reads it again.
    expect(first.isConnected).toBe(false);
    expect(screen.getAllByRole('alert', { hidden: false })[0]!.nextElementSibling?.textContent).toContain('Between');

    expect(screen.getAllByRole('alert').map((t) => t.textContent)).toEqual([
      'Cannot View ConversationYou cannot view this conversation',
      'Cannot View ConversationAnother reason',
    ]);
    act(() => vi.advanceTimersByTime(6999));
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
  });

  it('keeps a repeated toast that is being read where it is, paused, with a full countdown for later', () => {
    vi.useFakeTimers();
    const store = renderWithStore();
    act(() => {
      store.error('Upload failed', 'Too big');
    });
    const reading = screen.getByRole('alert');
    fireEvent.pointerEnter(reading);
    act(() => vi.advanceTimersByTime(6000));
    act(() => {
      store.error('Upload failed', 'Too big');
    });
    expect(screen.getByRole('alert')).toBe(reading);
    act(() => vi.advanceTimersByTime(60_000));
    expect(reading.isConnected).toBe(true);
    fireEvent.pointerLeave(reading);
    act(() => vi.advanceTimersByTime(6999));
    expect(reading.isConnected).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('closes when its close button is clicked', async () => {
    const store = renderWithStore();
    act(() => {
      store.info('First');
      store.info('Second');
    });

    const first = screen.getByRole('status', { name: 'First' });
    await userEvent.click(within(first).getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('status', { name: 'First' })).toBeNull();
    expect(screen.getByRole('status', { name: 'Second' })).toBeTruthy();
  });

  it.each<[ToastType, number]>([
    ['success', 4000],
    ['error', 7000],
    ['warning', 6000],
    ['info', 5000],
  ])('closes a %s toast by itself after %i ms', (type, duration) => {
    vi.useFakeTimers();
    const store = renderWithStore();
    act(() => {
      store.show({ type, title: 'Heads up' });
    });
    const role = type === 'error' ? 'alert' : 'status';

    act(() => vi.advanceTimersByTime(duration - 1));
    expect(screen.getByRole(role, { name: 'Heads up' })).toBeTruthy();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole(role, { name: 'Heads up' })).toBeNull();
  });

  it('honours a custom duration and stays while the pointer rests on it', () => {
    vi.useFakeTimers();
    const store = renderWithStore();
    act(() => {
      store.show({ type: 'info', title: 'Reading', duration: 1000 });
    });
    const toast = screen.getByRole('status', { name: 'Reading' });

    fireEvent.pointerEnter(toast);
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.getByRole('status', { name: 'Reading' })).toBeTruthy();

    fireEvent.pointerLeave(toast);
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status', { name: 'Reading' })).toBeNull();
  });
});
