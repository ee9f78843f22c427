import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT } from '@hearth/protocol/texts';
import { reaction } from '../../test/factories';
import { deferred } from '../messages/test-messages';
import { testEmojiData } from '../emoji/test-emoji';
import { renderReactions } from './test-harness';

vi.mock('../emoji/emoji-data', () => ({ loadEmojiData: async () => testEmojiData() }));

const bob = { user_id: 8, username: 'bob' };
const chip = (emoji: string) => screen.getByRole('button', { name: new RegExp(`^${emoji}`, 'u') });
const bar = () => screen.getByRole('group', { name: 'Reactions' });
/** The chips' texts: the toggle buttons of the bar ('+' after them is no toggle). */
const chips = () =>
  within(bar())
    .getAllByRole('button')
    .filter((b) => b.hasAttribute('aria-pressed'))
    .map((b) => b.textContent);
const plus = () => within(bar()).queryByRole('button', { name: 'Add Reaction' });
const pressed = (emoji: string) => chip(emoji).getAttribute('aria-pressed');
const disabled = (emoji: string) => chip(emoji).getAttribute('aria-disabled');
const description = (emoji: string) =>
  document.getElementById(chip(emoji).getAttribute('aria-describedby') ?? '')?.textContent;

describe('ReactionBar', () => {
  it('shows a chip per emoji with its count, the viewer’s own pressed, and who reacted on hover', async () => {
    await renderReactions({ reactions: [reaction(1, '👍', bob), reaction(2, '🎉', bob), reaction(3, '👍')] });
    expect(chips()).toEqual(['👍2', '🎉1']);
    expect(pressed('👍')).toBe('true');
    expect(pressed('🎉')).toBe('false');
    expect(description('👍')).toBe('bob and alice reacted with 👍');

    await userEvent.hover(chip('👍'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('bob and alice reacted with 👍');
    await userEvent.unhover(chip('👍'));
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows nothing for a message without reactions', async () => {
    await renderReactions({});
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
  });

  it('adds the viewer’s reaction at once on a click, then keeps one whichever confirmation comes first', async () => {
    const reply = deferred<{ status: number; body: unknown }>();
    const { requests, emit } = await renderReactions({
      reactions: [reaction(1, '👍', bob)],
      answer: (req) => (req.method === 'POST' ? reply.promise : undefined),
    });
    await waitFor(() => expect(disabled('👍')).toBeNull());
    await userEvent.click(chip('👍'));
    expect(chip('👍').textContent).toBe('👍2');
    expect(pressed('👍')).toBe('true');
    expect(requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/api/message/1/reactions',
      body: { emoji_unicode: '👍' },
    });
    // A second click while the first is on its way does nothing.
    await userEvent.click(chip('👍'));
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(1);

    const saved = reaction(9, '👍');
    emit('reaction_add', saved);
    reply.resolve({ status: 201, body: saved });
    await waitFor(() => expect(description('👍')).toBe('bob and alice reacted with 👍'));
    expect(chip('👍').textContent).toBe('👍2');
  });

  it('takes the add back and says why when the server refuses it', async () => {
    await renderReactions({
      reactions: [reaction(1, '👍', bob)],
      answer: () => ({ status: 409, body: { detail: TEXT.reactionDuplicate } }),
    });
    await waitFor(() => expect(disabled('👍')).toBeNull());
    await userEvent.click(chip('👍'));
    await screen.findByText(TEXT.reactionDuplicate);
    expect(chip('👍').textContent).toBe('👍1');
    expect(pressed('👍')).toBe('false');
  });

  it('removes the viewer’s own reaction at once, and puts it back when removal fails', async () => {
    const { requests } = await renderReactions({
      reactions: [reaction(1, '🎉', bob), reaction(4, '👍'), reaction(5, '🔥', bob)],
      answer: () => ({ status: 500 }),
    });
    await userEvent.click(chip('👍'));
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE', path: '/api/message/1/reactions/4' });
    await screen.findByText(TEXT.reactionRemoveFailed);
    expect(chips()).toEqual(['🎉1', '👍1', '🔥1']);
    expect(pressed('👍')).toBe('true');
  });

  it('removes it for good when the server agrees', async () => {
    await renderReactions({ reactions: [reaction(4, '👍')], answer: () => ({ status: 204 }) });
    await userEvent.click(chip('👍'));
    await waitFor(() => expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull());
  });

  it('follows other people’s reactions live', async () => {
    const { emit } = await renderReactions({});
    emit('reaction_add', reaction(20, '🚀', bob));
    expect((await screen.findByRole('button', { name: /^🚀/u })).textContent).toBe('🚀1');
    emit('reaction_add', reaction(21, '🚀', { user_id: 9, username: 'carol' }));
    await waitFor(() => expect(chip('🚀').textContent).toBe('🚀2'));
    emit('reaction_remove', reaction(20, '🚀', bob));
    await waitFor(() => expect(chip('🚀').textContent).toBe('🚀1'));
  });

  it('ends with a ‘+’ that opens the Add Reaction picker and adds another reaction', async () => {
    const { requests } = await renderReactions({
      reactions: [reaction(1, '👍', bob)],
      answer: (req) => (req.method === 'POST' ? { status: 201, body: reaction(30, '🚀') } : undefined),
    });
    const button = await within(bar()).findByRole('button', { name: 'Add Reaction' });
    expect(within(bar()).getAllByRole('button').at(-1)).toBe(button);
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    // An ordinary button, as the chips are: Tab reaches it.
    button.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Add Reaction' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.type(await within(dialog).findByRole('searchbox', { name: 'Search emojis' }), 'rocket');
    await userEvent.click(within(dialog).getByRole('button', { name: 'rocket' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { emoji_unicode: '🚀' } });
    expect(chips()).toEqual(['👍1', '🚀1']);
    // Focus comes back to the '+', still after the chips.
    expect(document.activeElement).toBe(plus());
    expect(within(bar()).getAllByRole('button').at(-1)).toBe(plus());
  });

  it('offers no adding to a viewer who may not post, but still lets them take theirs back', async () => {
    const { requests } = await renderReactions({
      canPost: false,
      reactions: [reaction(1, '🎉', bob), reaction(4, '👍')],
      answer: () => ({ status: 204 }),
    });
    await waitFor(() => expect(requests.some((r) => r.path.startsWith('/api/user/group-permissions/'))).toBe(true));
    expect(disabled('🎉')).toBe('true');
    expect(plus()).toBeNull();
    await userEvent.click(chip('🎉'));
    await userEvent.click(chip('👍'));
    expect(requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['DELETE']);
  });
});
