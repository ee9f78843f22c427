import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message, PinnedMessage } from '@hearth/protocol';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';
import { makeMessage } from '../messages/test-messages';
import { user } from '../../test/factories';
import { article, openActions, renderChannelChat, type ChannelChatSetup } from '../messages/channel-chat-harness';

// The panel is a chunk of its own: here before a test looks for it, as the first import takes a while.
beforeAll(async () => {
  await import('./PinsPanel');
});

const admin = user({ role: 'ADMIN', is_admin: true });
const question = makeMessage(2, { content: 'where is the wiki?', user_id: 8, user_numeric_id: 8, username: 'bob' });
const line = makeMessage(3, {
  content: 'root pinned a message to this channel',
  message_type: 'system',
  user_id: 9,
  username: 'root',
  reply_to: {
    id: 2,
    user_id: 8,
    username: 'bob',
    content: 'where is the wiki?',
    has_attachments: false,
    deleted: false,
  },
});
const pinned = (m: Message): PinnedMessage => ({
  ...m,
  pinned: true,
  pinned_at: '2025-03-01T12:00:00.000Z',
  pinned_by: 9,
});

/** The channel with its history and its pins, an admin signed in unless told otherwise. */
function setup({ pins = [], ...options }: ChannelChatSetup & { pins?: PinnedMessage[] } = {}) {
  return renderChannelChat({
    messages: [question],
    user: admin,
    ...options,
    answer: (req) =>
      req.method === 'GET' && req.path === '/api/channel/1/pins' ? { status: 200, body: pins } : options.answer?.(req),
  });
}

describe('pins in a channel', () => {
  it('pins from the message menu; the live update turns the entry into Unpin Message', async () => {
    const { requests, socket } = setup({
      answer: (req) => (req.method === 'PUT' ? { status: 200, body: {} } : undefined),
    });
    await userEvent.click(
      within(await openActions('where is the wiki?')).getByRole('menuitem', { name: 'Pin Message' }),
    );
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'PUT').map((r) => r.path)).toEqual(['/api/channel/1/pins/2']),
    );
    act(() => socket().event('message_pin_update', { channel_id: 1, message_id: 2, pinned: true, pinned_by: 7 }));
    await userEvent.keyboard('{Escape}');
    expect(
      within(await openActions('where is the wiki?')).getByRole('menuitem', { name: 'Unpin Message' }),
    ).toBeTruthy();
  });

  it('offers no pinning to a member', async () => {
    setup({ user: user() });
    const menu = await openActions('where is the wiki?');
    expect(within(menu).queryByRole('menuitem', { name: 'Pin Message' })).toBeNull();
  });

  it("shows a pin's system line, whose 'a message' jumps to the pinned one", async () => {
    setup({ messages: [question, line] });
    const shown = await screen.findByRole('article', { name: /^root pinned a message/ });
    expect(shown.textContent).toContain('root pinned a message to this channel');
    await userEvent.click(within(shown).getByRole('button', { name: 'a message' }));
    await waitFor(() => expect(article('where is the wiki?').getAttribute('data-highlighted')).toBe('true'));
  });

  it('shows a line an admin removed as any removed message', async () => {
    setup({ messages: [question, { ...line, content: MESSAGE_REMOVED_BY_ADMIN }] });
    await screen.findByText(MESSAGE_REMOVED_BY_ADMIN);
    expect(screen.queryByRole('article', { name: /^root pinned a message/ })).toBeNull();
  });

  it('lists the pins in the header panel, jumps to one, and unpins for an admin', async () => {
    const { requests } = setup({
      messages: [question, line],
      pins: [pinned(question)],
      answer: (req) => (req.method === 'DELETE' ? { status: 204, body: null } : undefined),
    });
    await screen.findByText('where is the wiki?');
    await userEvent.click(screen.getByRole('button', { name: 'Pinned messages' }));
    const panel = await screen.findByRole('dialog', { name: 'Pinned messages' });
    const list = await within(panel).findByRole('list', { name: 'Pinned messages' });
    expect(within(list).getByText('bob')).toBeTruthy();
    expect(within(list).getByText('where is the wiki?')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: 'Unpin the message from bob' }));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/channel/1/pins/2']),
    );
    await userEvent.click(within(list).getByRole('button', { name: 'Jump to the message from bob' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pinned messages' })).toBeNull());
    await waitFor(() => expect(article('where is the wiki?').getAttribute('data-highlighted')).toBe('true'));
  });

  it('drops a pin unpinned elsewhere live, then says there are none', async () => {
    const { socket } = setup({ pins: [pinned(question)] });
    await screen.findByText('where is the wiki?');
    await userEvent.click(screen.getByRole('button', { name: 'Pinned messages' }));
    const panel = await screen.findByRole('dialog', { name: 'Pinned messages' });
    await within(panel).findByRole('list', { name: 'Pinned messages' });
    act(() => socket().event('message_pin_update', { channel_id: 1, message_id: 2, pinned: false, pinned_by: null }));
    expect(await within(panel).findByText("This channel doesn't have any pinned messages yet.")).toBeTruthy();
  });
});
