import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TEXT } from '@hearth/protocol/texts';
import { reaction } from '../../test/factories';
import { testEmojiData } from '../emoji/test-emoji';
import { renderReactions } from './test-harness';

vi.mock('../emoji/emoji-data', () => ({ loadEmojiData: async () => testEmojiData() }));

/** The message's Add Reaction action: the last of that name (the bar's '+' comes before it). */
const addButton = () => screen.getAllByRole('button', { name: 'Add Reaction' }).at(-1)!;

describe('Add Reaction', () => {
  it('opens the picker as a dialog; a picked emoji becomes the viewer’s reaction and focus comes back', async () => {
    const { requests } = await renderReactions({
      answer: (req) => (req.method === 'POST' ? { status: 201, body: reaction(30, '🚀') } : undefined),
    });
    await userEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: 'Add Reaction' });
    const search = await within(dialog).findByRole('searchbox', { name: 'Search emojis' });
    await waitFor(() => expect(document.activeElement).toBe(search));
    await userEvent.type(search, 'rocket');
    await userEvent.click(within(dialog).getByRole('button', { name: 'rocket' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(addButton());
    expect(requests.at(-1)).toMatchObject({ method: 'POST', body: { emoji_unicode: '🚀' } });
    const chip = screen.getByRole('button', { name: /^🚀/u });
    expect(chip.textContent).toBe('🚀1');
    expect(chip.getAttribute('aria-pressed')).toBe('true');
  });

  it('closes on Escape without adding anything', async () => {
    const { requests } = await renderReactions({});
    await userEvent.click(addButton());
    await screen.findByRole('searchbox', { name: 'Search emojis' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('adds nothing for an emoji the viewer already reacted with, and stops at 20 different emoji', async () => {
    const twenty = [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙'].map((e, i) =>
      reaction(i + 1, e, { user_id: 8, username: 'bob' }),
    );
    const { requests } = await renderReactions({ reactions: [...twenty, reaction(40, '👍')] });
    await userEvent.click(addButton());
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search emojis' }), 'thumbs');
    await userEvent.click(screen.getByRole('button', { name: 'thumbs up' }));
    await userEvent.click(addButton());
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search emojis' }), 'rocket');
    await userEvent.click(screen.getByRole('button', { name: 'rocket' }));
    await screen.findByText(TEXT.reactionTooManyEmoji);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
