import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@hearth/protocol';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';
import { user } from '../../test/factories';
import { newestEditable } from './edit-last';
import { makeMessage } from './test-messages';
import { messageShown, renderChannelChat, type ChannelChatSetup } from './channel-chat-harness';

const bob = { user_id: 8, user_numeric_id: 8, username: 'bob' };
const older = makeMessage(1, { content: 'my first words', user_id: 7, user_numeric_id: 7 });
const latest = makeMessage(3, { content: 'my latest words', user_id: 7, user_numeric_id: 7 });
const CONVERSATION = [
  older,
  makeMessage(2, { content: 'hello from bob', ...bob }),
  latest,
  makeMessage(4, { content: 'bob has the last word', ...bob }),
];

const setup = (messages: Message[] = CONVERSATION, answer?: ChannelChatSetup['answer']) =>
  renderChannelChat({ messages, answer });

/** The composer, once the list shows `text` and the composer can take keys. */
async function composerWith(text: string) {
  await messageShown(text);
  const input = screen.getByRole('textbox', { name: 'Message #general' }) as HTMLTextAreaElement;
  await waitFor(() => expect(input.readOnly).toBe(false));
  await userEvent.click(input);
  return input;
}

const editor = () => screen.queryByRole('textbox', { name: 'Edit message' }) as HTMLTextAreaElement | null;

describe('ArrowUp in the composer', () => {
  it('edits the viewer’s newest message when the composer is empty; closing the editor returns to the composer', async () => {
    setup();
    const input = await composerWith('bob has the last word');
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(editor()?.value).toBe('my latest words'));
    expect(document.activeElement).toBe(editor());

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(editor()).toBeNull());
    expect(screen.getByText('my latest words')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('saves with Ctrl+Enter like any edit, then the composer has the keyboard again', async () => {
    const { requests } = setup(CONVERSATION, (req) =>
      req.method === 'PUT'
        ? {
            status: 200,
            body: { ...latest, content: (req.body as { content: string }).content, edited_at: '2025-03-02T00:00:00Z' },
          }
        : undefined,
    );
    const input = await composerWith('bob has the last word');
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => expect(editor()).not.toBeNull());
    await userEvent.keyboard(', amended{Control>}{Enter}{/Control}');
    expect(await screen.findByText('my latest words, amended')).toBeTruthy();
    expect(requests.filter((r) => r.method === 'PUT')).toMatchObject([
      { path: '/api/message/3', body: { content: 'my latest words, amended' } },
    ]);
    await waitFor(() => expect(document.activeElement).toBe(input));
  });

  it('leaves the key alone while the composer has text', async () => {
    setup();
    const input = await composerWith('bob has the last word');
    await userEvent.type(input, 'a draft');
    // Not taken: the caret moves in the text as usual.
    expect(fireEvent.keyDown(input, { key: 'ArrowUp' })).toBe(true);
    expect(editor()).toBeNull();
    expect(input.value).toBe('a draft');
  });

  it('does nothing when the viewer has no message here', async () => {
    setup([makeMessage(2, { content: 'only bob talks', ...bob })]);
    const input = await composerWith('only bob talks');
    expect(fireEvent.keyDown(input, { key: 'ArrowUp' })).toBe(true);
    expect(editor()).toBeNull();
  });
});

describe('newestEditable', () => {
  it('is the viewer’s newest own message, skipping one an admin removed', () => {
    const viewer = user();
    const removed = makeMessage(5, { content: MESSAGE_REMOVED_BY_ADMIN, user_id: 7, user_numeric_id: 7 });
    expect(newestEditable(CONVERSATION, viewer)?.id).toBe(3);
    expect(newestEditable([...CONVERSATION, removed], viewer)?.id).toBe(3);
    expect(newestEditable(CONVERSATION.slice(1, 2), viewer)).toBeNull();
    expect(newestEditable(CONVERSATION, null)).toBeNull();
  });
});
