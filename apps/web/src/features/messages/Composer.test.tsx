import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatPrefs, DEFAULT_CHAT_PREFS } from '../../app/chat-prefs';
import { Composer } from './Composer';
import { baseRoutes, createTestServices, renderChat, testChannel } from './test-harness';

let stopLive: (() => void) | null = null;
afterEach(() => {
  stopLive?.();
  chatPrefs.set(DEFAULT_CHAT_PREFS);
});

function setup(options: Partial<Parameters<typeof createTestServices>[0]> = {}) {
  const harness = createTestServices({ routes: baseRoutes(), ...options });
  stopLive = () => harness.services.live.stop();
  renderChat(<Composer target={{ kind: 'channel', channel: testChannel }} />, harness.services);
  const input = screen.getByRole('textbox', { name: 'Message #general' }) as HTMLTextAreaElement;
  const sendButton = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
  const sentMessages = () => harness.socket().sent.filter((f) => f.type === 'message');
  return { ...harness, input, sendButton, sentMessages };
}

/** The permission lookup answers asynchronously; posting is allowed once the button can enable. */
async function typeReady(input: HTMLTextAreaElement, sendButton: HTMLButtonElement, text: string) {
  await userEvent.type(input, text);
  await waitFor(() => expect(sendButton.disabled).toBe(false));
}

describe('Composer', () => {
  it('shows the channel in the placeholder and a Send button with visible text', () => {
    const { input, sendButton } = setup();
    expect(input.placeholder).toBe('Message #general');
    expect(sendButton.textContent).toBe('Send');
  });

  it('sends on Enter over the live connection with a nonce, then clears the input', async () => {
    const { input, sendButton, sentMessages } = setup();
    await typeReady(input, sendButton, 'hello there');
    await userEvent.keyboard('{Enter}');
    expect(sentMessages()).toEqual([
      { type: 'message', channel_id: 1, content: 'hello there', nonce: expect.stringMatching(/^[0-9a-f-]{32,36}$/) },
    ]);
    expect(input.value).toBe('');
  });

  it('inserts a newline on Shift+Enter instead of sending', async () => {
    const { input, sendButton, sentMessages } = setup();
    await typeReady(input, sendButton, 'line one');
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}line two');
    expect(input.value).toBe('line one\nline two');
    expect(sentMessages()).toEqual([]);
    await userEvent.click(sendButton);
    expect(sentMessages()[0]).toMatchObject({ content: 'line one\nline two' });
  });

  it('keeps Send disabled while the text is empty or only whitespace', async () => {
    const { input, sendButton, sentMessages } = setup();
    await typeReady(input, sendButton, 'x');
    await userEvent.clear(input);
    expect(sendButton.disabled).toBe(true);
    await userEvent.type(input, '   ');
    expect(sendButton.disabled).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(sentMessages()).toEqual([]);
  });

  it('disables Send while the live connection is not open, and keeps the text', async () => {
    const { input, sendButton, socket, sentMessages } = setup();
    await typeReady(input, sendButton, 'hello');
    act(() => socket().drop());
    expect(sendButton.disabled).toBe(true);
    await userEvent.type(input, '{Enter}');
    expect(input.value).toBe('hello');
    expect(sentMessages()).toEqual([]);
  });

  it('is read-only with the spec text when posting is not permitted', async () => {
    const { input, sendButton } = setup({ routes: baseRoutes({ can_view: true, can_post: false, can_upload: false }) });
    await waitFor(() => expect(input.placeholder).toBe('You cannot post messages in this group'));
    expect(input.readOnly).toBe(true);
    await userEvent.type(input, 'sneaky{Enter}');
    expect(input.value).toBe('');
    expect(sendButton.disabled).toBe(true);
  });

  it('asks to log in when there is no session', () => {
    const { input, sendButton } = setup({ user: null });
    expect(input.placeholder).toBe('You must be logged in to send messages');
    expect(input.readOnly).toBe(true);
    expect(sendButton.disabled).toBe(true);
  });

  it('leaves a refused send to the message list: the box stays clear for the next one', async () => {
    const { input, sendButton, sentMessages, socket, services } = setup();
    await typeReady(input, sendButton, 'too fast');
    await userEvent.keyboard('{Enter}');
    const nonce = sentMessages()[0]!.nonce;
    act(() =>
      socket().receive({
        type: 'error',
        data: { detail: 'Too many requests. Please try again later.', nonce, type: 'message' },
      }),
    );
    expect(services.outbox.getSnapshot()).toMatchObject([
      { nonce, content: 'too fast', status: 'failed', error: 'Too many requests. Please try again later.' },
    ]);
    expect(input.value).toBe('');
  });

  it('counts characters over the limit and blocks sending with the server text', async () => {
    const { input, sendButton, sentMessages } = setup();
    await typeReady(input, sendButton, 'x');
    fireEvent.change(input, { target: { value: 'a'.repeat(4001) } });
    const limit = screen.getByText('4001/4000').parentElement!;
    expect(within(limit).getByText('Message must be 4000 characters or fewer')).toBeTruthy();
    expect(sendButton.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(sentMessages()).toEqual([]);
    fireEvent.change(input, { target: { value: 'a'.repeat(4000) } });
    expect(screen.queryByText('Message must be 4000 characters or fewer')).toBeNull();
    expect(sendButton.disabled).toBe(false);
  });

  it('drops the Send button at once when Show Send Button is turned off; Enter still sends', async () => {
    const { input, sendButton, sentMessages } = setup();
    await typeReady(input, sendButton, 'no button');
    act(() => chatPrefs.set({ showSendButton: false }));
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    await userEvent.keyboard('{Enter}');
    expect(sentMessages()[0]).toMatchObject({ content: 'no button' });
    act(() => chatPrefs.set({ showSendButton: true }));
    expect(screen.getByRole('button', { name: 'Send message' })).toBeTruthy();
  });
});
