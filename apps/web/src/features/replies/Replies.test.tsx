import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@hearth/protocol';
import { REPLY_TEXT } from '@hearth/protocol/reply-rules';
import { makeMessage } from '../messages/test-messages';
import { article, messageShown, renderChannelChat } from '../messages/channel-chat-harness';
import { REPLY_MENTION_KEY, replyDrafts, replyMentionPref } from './reply-draft';
import { replyToOf } from './reply-previews';

afterEach(() => {
  replyDrafts.clear();
  replyMentionPref.set(true);
});

const mine = makeMessage(101, { content: 'my first words', user_id: 7, user_numeric_id: 7 });
const theirs = makeMessage(102, { content: 'hello from bob', user_id: 8, user_numeric_id: 8, username: 'bob' });

function setup(messages: Message[] = [mine, theirs], around: Message[] = []) {
  const harness = renderChannelChat({
    messages,
    answer: (req) => (req.method === 'GET' && req.path.includes('around=') ? { status: 200, body: around } : undefined),
  });
  const sent = () => harness.socket().sent.filter((f) => f.type === 'message');
  return { ...harness, sent };
}

const composer = () => screen.getByRole('textbox', { name: 'Message #general' }) as HTMLTextAreaElement;

async function replyTo(text: string) {
  await messageShown(text);
  await userEvent.click(within(article(text)).getByRole('button', { name: 'Reply' }));
  return screen.findByRole('group', { name: 'Replying to bob' });
}

describe('replying', () => {
  it('from the hover actions: the banner names the author, the send carries the reply, then it ends', async () => {
    const { sent } = setup();
    const banner = await replyTo('hello from bob');
    expect(within(banner).getByText('bob')).toBeTruthy();
    const mention = within(banner).getByRole('switch', { name: 'Mention bob' });
    expect(mention.getAttribute('aria-checked')).toBe('true');
    expect(mention.textContent).toBe(REPLY_TEXT.mentionOn);
    await waitFor(() => expect(document.activeElement).toBe(composer()));
    await userEvent.type(composer(), 'sure thing');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await userEvent.keyboard('{Enter}');
    expect(sent().at(-1)).toMatchObject({ content: 'sure thing', reply_to_id: 102, reply_mention: true });
    expect(screen.queryByRole('group', { name: 'Replying to bob' })).toBeNull();
  });

  it('the mention switch turns off, is sent so, and is remembered by the browser', async () => {
    const { sent } = setup();
    const banner = await replyTo('hello from bob');
    const mention = within(banner).getByRole('switch', { name: 'Mention bob' });
    await userEvent.click(mention);
    expect(mention.getAttribute('aria-checked')).toBe('false');
    expect(mention.textContent).toBe(REPLY_TEXT.mentionOff);
    expect(localStorage.getItem(REPLY_MENTION_KEY)).toBe('false');
    await userEvent.type(composer(), 'quietly');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement).disabled).toBe(false),
    );
    await userEvent.keyboard('{Enter}');
    expect(sent().at(-1)).toMatchObject({ reply_to_id: 102, reply_mention: false });
  });

  it('Escape and Cancel give the reply up, keeping the text', async () => {
    const { sent } = setup();
    await replyTo('hello from bob');
    await userEvent.type(composer(), 'draft');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Replying to bob' })).toBeNull();
    expect(composer().value).toBe('draft');
    const banner = await replyTo('hello from bob');
    await userEvent.click(within(banner).getByRole('button', { name: REPLY_TEXT.cancel }));
    expect(screen.queryByRole('group', { name: 'Replying to bob' })).toBeNull();
    await userEvent.click(composer());
    await userEvent.keyboard('{Enter}');
    expect(sent().at(-1)).not.toHaveProperty('reply_to_id');
  });

  it('R on the focused message starts a reply; the menu offers Reply right after Edit', async () => {
    setup();
    await messageShown('hello from bob');
    // Offered once the permission to write here is known.
    await within(article('hello from bob')).findByRole('button', { name: 'Reply' });
    act(() => article('hello from bob').focus());
    fireEvent.keyDown(article('hello from bob'), { key: 'r' });
    expect(await screen.findByRole('group', { name: 'Replying to bob' })).toBeTruthy();
    await userEvent.click(within(article('my first words')).getByRole('button', { name: 'Message actions' }));
    const menu = await screen.findByRole('menu', { name: 'Message actions' });
    const labels = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(labels.slice(0, 3)).toEqual(['Edit', 'Reply', 'Delete']);
  });

  it('no mention switch when replying to oneself', async () => {
    setup();
    await messageShown('my first words');
    await userEvent.click(within(article('my first words')).getByRole('button', { name: 'Reply' }));
    const banner = await screen.findByRole('group', { name: /^Replying to / });
    expect(within(banner).queryByRole('switch')).toBeNull();
  });
});

describe('the preview above a reply', () => {
  it('shows the author and the first line of the original, an attachment icon, or that it was deleted', async () => {
    const withFile = { ...theirs, content: 'look\nsecond line', attachments: [{ id: 1 } as never] };
    const reply = makeMessage(103, { content: 'nice', reply_to: replyToOf(withFile) });
    const orphan = makeMessage(104, {
      content: 'to nothing',
      reply_to: { id: 5, user_id: null, username: null, content: '', has_attachments: false, deleted: true },
    });
    setup([mine, reply, orphan]);
    await messageShown('nice');
    const preview = within(article('nice')).getByRole('button', { name: /bob/ });
    expect(preview.textContent).toContain('look');
    expect(preview.textContent).not.toContain('second line');
    expect(within(preview).getByRole('img', { name: REPLY_TEXT.attachment })).toBeTruthy();
    expect(within(article('to nothing')).getByText(REPLY_TEXT.originalDeleted)).toBeTruthy();
  });

  it('jumps to an original far up the history by loading the window around it', async () => {
    const original = makeMessage(5, { content: 'the old question', user_id: 8, username: 'bob' });
    const reply = makeMessage(150, { content: 'the late answer', reply_to: replyToOf(original) });
    const around = [makeMessage(4), original, makeMessage(6)];
    const { requests } = setup([reply], around);
    await messageShown('the late answer');
    await userEvent.click(within(article('the late answer')).getByRole('button', { name: /bob/ }));
    expect(await screen.findByText('the old question')).toBeTruthy();
    expect(requests.some((r) => r.path.includes('around=5'))).toBe(true);
    await waitFor(() => expect(article('the old question').getAttribute('data-highlighted')).toBe('true'));
  });
});
