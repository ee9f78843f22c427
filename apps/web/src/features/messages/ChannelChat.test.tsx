import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';
import { jumpRequests, requestJump } from './jump-requests';
import { makeMessage } from './test-messages';
import { user } from '../../test/factories';
import { article, messageShown, openActions, renderChannelChat, type ChannelChatSetup } from './channel-chat-harness';

const mine = makeMessage(1, { content: 'my first words', user_id: 7, user_numeric_id: 7 });
const theirs = makeMessage(2, { content: 'hello from bob', user_id: 8, user_numeric_id: 8, username: 'bob' });

const setup = (options: ChannelChatSetup = {}) => renderChannelChat({ messages: [mine, theirs], ...options });

describe('ChannelChat', () => {
  it('shows the channel header, the connection chip and the member list toggle', async () => {
    const { socket } = setup();
    expect(await screen.findByRole('heading', { name: '#general' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).getByText('Connected')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Toggle member list' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('complementary', { name: 'Members' })).toBeTruthy();
    act(() => socket().drop());
    expect(screen.getByText('Disconnected')).toBeTruthy();
  });

  it('loads the newest page and shows author, badge, time and the edited marker', async () => {
    setup({
      messages: [
        makeMessage(1, {
          username: 'root',
          nickname: 'The Admin',
          role: 'ADMIN',
          edited_at: '2025-03-01T13:00:00.000Z',
        }),
        makeMessage(2, { user_id: 9, username: 'mo', role: 'MODERATOR', content: 'line one\nline two' }),
      ],
    });
    const first = await screen.findByText('The Admin');
    const item = first.closest('article')!;
    expect(within(item).getByText('Admin')).toBeTruthy();
    expect(within(item).getByText('(edited)')).toBeTruthy();
    expect(within(item).getByText(/message 1/)).toBeTruthy();
    expect(within(article('mo')).getByText('Mod')).toBeTruthy();
    expect(within(article('mo')).queryByText('(edited)')).toBeNull();
    // Line breaks stay in the text; the stylesheet keeps them visible.
    expect(screen.getByText('line one\nline two', { normalizer: (s) => s })).toBeTruthy();
  });

  it('isolates the author and the message text, so an override in them cannot reorder what follows', async () => {
    const sneaky = makeMessage(1, {
      username: 'eve\u202Eevil',
      content: 'hi\u202Ereversed',
      edited_at: '2025-03-01T13:00:00.000Z',
    });
    setup({ messages: [sneaky] });
    await messageShown('eve\u202Eevil');
    const item = article('eve\u202Eevil');
    expect([...item.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['eve\u202Eevil', 'hi\u202Ereversed']);
    // The edited marker follows the isolated text, outside it.
    expect(within(item).getByText('(edited)').closest('bdi')).toBeNull();
  });

  it('lays Arabic and Hebrew messages out right to left, each block by its own text, still isolated', async () => {
    setup({
      messages: [
        makeMessage(1, { content: 'مرحبا بالجميع' }),
        makeMessage(2, { content: 'hello مرحبا', user_id: 8, username: 'bob' }),
      ],
    });
    await messageShown('hello مرحبا');
    const block = (text: string) => screen.getByText(text).closest('bdi')!.parentElement!;
    expect(block('مرحبا بالجميع').getAttribute('dir')).toBe('rtl');
    expect(block('hello مرحبا').getAttribute('dir')).toBe('ltr');
    expect(screen.getByRole('textbox', { name: 'Message #general' }).getAttribute('dir')).toBe('auto');
  });

  it('keeps a long channel name whole in the header tooltip, isolated', async () => {
    setup();
    const heading = await screen.findByRole('heading', { name: '#general' });
    expect(heading.getAttribute('title')).toBe('#general');
    expect(heading.querySelector('bdi')?.textContent).toBe('#general');
  });

  it('puts a date separator above the first message of each day', async () => {
    setup({
      messages: [
        makeMessage(1, { content: 'monday morning', timestamp: '2025-03-03T11:00:00.000Z' }),
        makeMessage(2, { content: 'monday noon', timestamp: '2025-03-03T11:30:00.000Z' }),
        makeMessage(3, { content: 'wednesday', timestamp: '2025-03-05T12:00:00.000Z' }),
      ],
    });
    await messageShown('wednesday');
    const separators = screen.getAllByRole('separator');
    expect(separators).toHaveLength(2);
    const order = (a: Node, b: Node) => a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING;
    expect(order(separators[0]!, article('monday morning'))).toBeTruthy();
    expect(order(article('monday noon'), separators[1]!)).toBeTruthy();
    expect(order(separators[1]!, article('wednesday'))).toBeTruthy();
  });

  it('shows the empty state when the channel has no messages, then a live message', async () => {
    const { emit } = setup({ messages: [] });
    expect(await screen.findByText('No messages yet. Start the conversation!')).toBeTruthy();
    act(() => emit('message', makeMessage(9, { content: 'first!' })));
    expect(await screen.findByText('first!')).toBeTruthy();
    expect(screen.queryByText('No messages yet. Start the conversation!')).toBeNull();
  });

  it('offers Edit and Delete on own messages only, and replying, copying, reacting and Mark Unread on all', async () => {
    setup();
    await messageShown('hello from bob');
    // Reacting waits for the group permissions (can_post).
    await within(article('hello from bob')).findByRole('button', { name: 'Add Reaction' });
    const theirsMenu = await openActions('hello from bob');
    expect(
      within(theirsMenu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Reply', 'Copy Text', 'Copy Message ID', 'Add Reaction', 'Mark Unread', 'View Profile']);
    await userEvent.keyboard('{Escape}');
    const menu = await openActions('my first words');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Edit',
      'Reply',
      'Delete',
      'Copy Text',
      'Copy Message ID',
      'Add Reaction',
      'Mark Unread',
      'View Profile',
    ]);
  });

  it("lets an admin delete, but not edit, someone else's message, and keeps the ID and profile on removed ones", async () => {
    setup({
      user: user({ role: 'ADMIN', is_admin: true }),
      messages: [theirs, makeMessage(3, { user_id: 8, content: MESSAGE_REMOVED_BY_ADMIN })],
    });
    await messageShown('hello from bob');
    await within(article('hello from bob')).findByRole('button', { name: 'Add Reaction' });
    expect(within(article(MESSAGE_REMOVED_BY_ADMIN)).queryByRole('button', { name: 'Add Reaction' })).toBeNull();
    const menu = await openActions('hello from bob');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Reply',
      'Pin Message',
      'Delete',
      'Copy Text',
      'Copy Message ID',
      'Add Reaction',
      'Mark Unread',
      'View Profile',
    ]);
    await userEvent.keyboard('{Escape}');
    const removedMenu = await openActions(MESSAGE_REMOVED_BY_ADMIN);
    expect(
      within(removedMenu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Copy Message ID', 'Mark Unread', 'View Profile']);
  });

  it('deletes after the confirm dialog and removes the message', async () => {
    const { requests } = setup({
      answer: (req) =>
        req.method === 'DELETE' ? { status: 200, body: { id: 1, channel_id: 1, deleted: true } } : undefined,
    });
    await messageShown('my first words');
    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Delete' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Message' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this message? This action cannot be undone.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('my first words')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/message/1']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('keeps the message when the confirm dialog is cancelled', async () => {
    const { requests } = setup();
    await messageShown('my first words');
    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('my first words')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
  });

  it('toasts a failed delete and keeps the message', async () => {
    setup({ answer: (req) => (req.method === 'DELETE' ? { status: 500, body: { detail: 'boom' } } : undefined) });
    await messageShown('my first words');
    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByRole('alert', { name: 'Delete Message Failed' });
    expect(toast.textContent).toContain('Failed to delete message');
    expect(screen.getByText('my first words')).toBeTruthy();
  });

  it('shows the removal notice when an admin deletes someone else’s message', async () => {
    const removed = { ...theirs, content: MESSAGE_REMOVED_BY_ADMIN };
    setup({
      user: user({ role: 'ADMIN', is_admin: true }),
      answer: (req) =>
        req.method === 'DELETE'
          ? { status: 200, body: { id: 2, channel_id: 1, deleted: false, message: removed } }
          : undefined,
    });
    await messageShown('hello from bob');
    await userEvent.click(within(await openActions('hello from bob')).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Message' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(MESSAGE_REMOVED_BY_ADMIN)).toBeTruthy();
    expect(screen.queryByText('hello from bob')).toBeNull();
  });

  it('edits inline: Ctrl+Enter saves the trimmed text, Escape cancels', async () => {
    const { requests } = setup({
      answer: (req) =>
        req.method === 'PUT'
          ? {
              status: 200,
              body: { ...mine, content: (req.body as { content: string }).content, edited_at: '2025-03-02T00:00:00Z' },
            }
          : undefined,
    });
    await messageShown('my first words');
    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Edit' }));
    const editor = await screen.findByRole('textbox', { name: 'Edit message' });
    expect((editor as HTMLTextAreaElement).value).toBe('my first words');

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
    expect(screen.getByText('my first words')).toBeTruthy();

    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Edit' }));
    const again = await screen.findByRole('textbox', { name: 'Edit message' });
    await userEvent.clear(again);
    await userEvent.type(again, '   {Control>}{Enter}{/Control}');
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.type(again, ' better words {Control>}{Enter}{/Control}');

    expect(await screen.findByText('better words')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toMatchObject([
      { method: 'PUT', path: '/api/message/1', body: { content: 'better words' } },
    ]);
    expect(within(article('better words')).getByText('(edited)')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Edit message' })).toBeNull();
  });

  it('toasts a failed edit and keeps the editor open', async () => {
    setup({ answer: (req) => (req.method === 'PUT' ? { status: 403, body: { detail: 'nope' } } : undefined) });
    await messageShown('my first words');
    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Edit' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Edit message' }), '!{Meta>}{Enter}{/Meta}');
    const toast = await screen.findByRole('alert', { name: 'Edit Message Failed' });
    expect(toast.textContent).toContain('Failed to edit message');
    expect((screen.getByRole('textbox', { name: 'Edit message' }) as HTMLTextAreaElement).value).toBe(
      'my first words!',
    );
  });

  it('follows live edits, deletes and admin deletes in this channel only', async () => {
    const { emit } = setup();
    await messageShown('hello from bob');
    act(() => {
      emit('message_updated', { ...mine, channel_id: 2, content: 'other channel' });
      emit('message_admin_delete', { ...theirs, content: MESSAGE_REMOVED_BY_ADMIN });
      emit('message_delete', { id: 1, channel_id: 1, group_id: 1 });
    });
    await waitFor(() => expect(screen.queryByText('my first words')).toBeNull());
    expect(screen.getByText(MESSAGE_REMOVED_BY_ADMIN)).toBeTruthy();
    expect(screen.queryByText('other channel')).toBeNull();
  });
  it('groups messages by one author within 7 minutes under one header; another author or a new day starts a group', async () => {
    const t = (day: number, h: number, m: number) => new Date(2025, 2, day, h, m).toISOString();
    setup({
      messages: [
        makeMessage(1, { content: 'a1 first', timestamp: t(3, 10, 0) }),
        makeMessage(2, { content: 'a2 close by', timestamp: t(3, 10, 6) }),
        makeMessage(3, { content: 'b1 other author', timestamp: t(3, 10, 7), user_id: 8, username: 'bob' }),
        makeMessage(4, { content: 'a3 after bob', timestamp: t(3, 10, 8) }),
        makeMessage(5, { content: 'a4 much later', timestamp: t(3, 10, 30) }),
        makeMessage(6, { content: 'a5 next day', timestamp: t(4, 10, 31) }),
      ],
    });
    await messageShown('a5 next day');
    const headed = (text: string) => within(article(text)).queryByText(/^(alice|bob)$/) !== null;
    expect(
      ['a1 first', 'a2 close by', 'b1 other author', 'a3 after bob', 'a4 much later', 'a5 next day'].map(headed),
    ).toEqual([true, false, true, true, true, true]);
    // The grouped message keeps its time, in the gutter where the avatar would be, and its full label.
    const grouped = article('a2 close by');
    expect(within(grouped).queryByRole('img')).toBeNull();
    expect(grouped.querySelector('time')?.getAttribute('dateTime')).toBe(t(3, 10, 6));
    expect(grouped.getAttribute('aria-label')).toMatch(/^alice, /);
  });

  it('shows a sent message as sending until the server confirms it', async () => {
    const { socket } = setup({ messages: [] });
    const input = await screen.findByRole('textbox', { name: 'Message #general' });
    await userEvent.type(input, 'on its way');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', false));
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText('Sending…')).toBeTruthy();
    expect(article('on its way').getAttribute('aria-label')).toBe('alice, sending');
    const nonce = socket().sent.find((f) => f.type === 'message')!.nonce as string;

    act(() => socket().receive({ type: 'message', seq: 5, data: makeMessage(40, { content: 'on its way', nonce }) }));
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getAllByText('on its way')).toHaveLength(1);
  });

  it('marks a send caught by a dropped connection as not sent, and Retry sends it again with the same nonce', async () => {
    const { socket, services } = setup();
    await messageShown('hello from bob');
    act(() => {
      services.outbox.send(1, 'lost in transit');
    });
    const nonce = socket().sent.find((f) => f.type === 'message')!.nonce;
    act(() => socket().drop());

    const item = article('lost in transit');
    expect(within(item).getByText('Not sent. The connection was lost.')).toBeTruthy();
    const retry = within(item).getByRole('button', { name: 'Retry' }) as HTMLButtonElement;
    expect(retry.disabled).toBe(true);

    await act(async () => {
      await new Promise((r) => setTimeout(r, 2_100));
      socket().open();
      socket().receive({ type: 'resumed', seq: null, data: { session_id: 'S1', replayed: 0 } });
    });
    await waitFor(() => expect(retry.disabled).toBe(false));
    await userEvent.click(retry);
    expect(
      socket()
        .sent.filter((f) => f.type === 'message')
        .map((f) => f.nonce),
    ).toEqual([nonce]);
    expect(within(article('lost in transit')).getByText('Sending…')).toBeTruthy();
  });

  it('lets a failed message be discarded', async () => {
    const { socket, services } = setup();
    await messageShown('hello from bob');
    act(() => {
      services.outbox.send(1, 'never mind');
    });
    const nonce = socket().sent.find((f) => f.type === 'message')!.nonce;
    act(() => socket().receive({ type: 'error', seq: null, data: { detail: 'Too many requests.', nonce } }));
    expect(within(article('never mind')).getByText('Not sent. Too many requests.')).toBeTruthy();
    await userEvent.click(within(article('never mind')).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('never mind')).toBeNull();
  });

  it('is one tab stop: arrows move between messages, Enter opens the actions, Tab goes on to the composer', async () => {
    setup({ messages: [mine, theirs, makeMessage(3, { content: 'my last words' })] });
    await messageShown('my last words');
    const articles = () => screen.getAllByRole('article');
    // Only the newest message takes Tab; the actions buttons never do.
    expect(articles().map((a) => a.tabIndex)).toEqual([-1, -1, 0]);
    for (const button of screen.getAllByRole('button', { name: 'Message actions', hidden: true }))
      expect(button.tabIndex).toBe(-1);

    act(() => article('my last words').focus());
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(article('hello from bob'));
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(article('my first words'));
    expect(articles().map((a) => a.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(article('my last words'));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(article('my first words'));

    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Message actions' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(expect.arrayContaining(['Edit', 'Delete']));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    // From the list, Tab goes on to the composer: its attach button, then the text box.
    act(() => article('my first words').focus());
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Attach files' }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message #general' }));
    await userEvent.tab({ shift: true });
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(article('my first words'));
  });
  it('keeps the keyboard focus on its message when a resync draws the list again', async () => {
    const messages = [mine, theirs];
    const { socket, requests } = setup({ messages });
    await messageShown('hello from bob');
    act(() => article('my first words').focus());
    // Back from a dropped connection with a new session, the newest page holds a message more.
    const loads = requests.filter((r) => r.path.startsWith('/api/message?')).length;
    messages.push(makeMessage(3, { content: 'sent while away' }));
    act(() => socket().receive({ type: 'ready', seq: 5, data: { session_id: 'S2' } }));
    await messageShown('sent while away');
    expect(requests.filter((r) => r.path.startsWith('/api/message?')).length).toBe(loads + 1);
    await waitFor(() => expect(document.activeElement).toBe(article('my first words')));
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(article('hello from bob'));
  });

  it('says why an empty edit cannot be saved', async () => {
    const { requests } = setup();
    await messageShown('my first words');
    await userEvent.click(within(await openActions('my first words')).getByRole('menuitem', { name: 'Edit' }));
    const editor = await screen.findByRole('textbox', { name: 'Edit message' });
    expect(editor.getAttribute('aria-invalid')).toBeNull();
    await userEvent.clear(editor);
    await userEvent.type(editor, '  {Control>}{Enter}{/Control}');
    const reason = 'Message content cannot be empty. Press Escape to keep the message as it was.';
    expect(screen.getByText(reason)).toBeTruthy();
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(editor.getAttribute('aria-describedby')).toBe(screen.getByText(reason).id);
    expect(screen.getByRole('button', { name: 'save' })).toHaveProperty('disabled', true);
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByText('my first words')).toBeTruthy();
  });

  it('shows a message asked for from outside the list once its first page is there, and leaves other places’', async () => {
    requestJump(1, 1);
    const { requests } = setup();
    await messageShown('my first words');
    await waitFor(() => expect(article('my first words').getAttribute('data-highlighted')).toBe('true'));
    // Taken once the window held it: centred where it was, not loaded again around it.
    expect(requests.some((r) => r.path.includes('around='))).toBe(false);
    expect(jumpRequests.get()).toBeNull();
    requestJump(-99, 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(jumpRequests.get()).toEqual({ placeId: -99, messageId: 5 });
    jumpRequests.take(-99);
  });
});
