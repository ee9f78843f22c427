import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { UserGif } from '@hearth/protocol';
import { chatPrefs } from '../../../app/chat-prefs';
import { stubFetch } from '../../../test/fake-fetch';
import { user } from '../../../test/factories';
import { renderWithServices, testServices } from '../../../test/render';
import { emojiRegistry, MessageContent } from '..';
import { customEmojiImage } from '../emoji/registry';

const gif = (id: number, name: string, userId: number, extra: Partial<UserGif> = {}): UserGif => ({
  id,
  name,
  file_url: `/api/gif-files/${String(id).padStart(32, '0')}.gif`,
  width: 40,
  height: 30,
  file_size: 500,
  is_nsfw: false,
  user_id: userId,
  created_at: '2026-01-01T00:00:00.000Z',
  ...extra,
});

const GIFS: Record<number, UserGif[]> = {
  7: [gif(1, 'Dance', 7), gif(2, 'spicy', 7, { is_nsfw: true })],
  8: [gif(3, 'dance', 8)],
};

function renderMessage(text: string, authorId: number) {
  const requests = stubFetch((req) => {
    const author = /\/api\/gif\/users\/(\d+)$/.exec(req.path);
    if (author) return { status: 200, body: GIFS[Number(author[1])] ?? [] };
    if (req.path.endsWith('/api/gif/user/all')) return { status: 200, body: Object.values(GIFS).flat() };
    if (req.path.startsWith('/api/emoji/emojis')) return { status: 200, body: [] };
    return undefined;
  });
  renderWithServices(<MessageContent text={text} authorId={authorId} />, testServices({ user: user() }));
  return requests;
}

const gifButton = (name: string) => screen.findByRole('button', { name: new RegExp(`${name}$`) });

describe(':name: of an uploaded GIF', () => {
  // A GIF is looked for only once the standard set says the name is none of its own.
  beforeAll(() => emojiRegistry.loadStandard(), 20_000);
  afterEach(() => emojiRegistry.setCustom(new Map()));

  it('draws the author’s own GIF of that name (named in any case), whoever else has one', async () => {
    renderMessage('look :dance: here', 7);
    const button = await gifButton(':dance:');
    expect(button.querySelector('img')?.getAttribute('src')).toBe(GIFS[7]![0]!.file_url);
    expect(screen.getByText(/look/)).toBeTruthy();
  });

  it('draws another author’s GIF for the same name in their message', async () => {
    renderMessage(':dance:', 8);
    const button = await gifButton(':dance:');
    expect(button.querySelector('img')?.getAttribute('src')).toBe(GIFS[8]![0]!.file_url);
  });

  it('blurs an NSFW one until clicked', async () => {
    renderMessage(':spicy:', 7);
    expect((await gifButton(':spicy:')).getAttribute('aria-label')).toBe('Show NSFW GIF :spicy:');
  });

  it('shows an NSFW one at once when Auto-unblur is turned on, live', async () => {
    renderMessage(':spicy:', 7);
    const button = await gifButton(':spicy:');
    act(() => chatPrefs.set({ autoUnblurContent: true }));
    try {
      expect(button.getAttribute('aria-label')).toBe('Open GIF preview :spicy:');
      expect(button.hasAttribute('data-blurred')).toBe(false);
    } finally {
      act(() => chatPrefs.set({ autoUnblurContent: false }));
    }
  });

  it('leaves a name the author has no GIF of as text, and lets emoji win', async () => {
    emojiRegistry.register('dance', (label) => customEmojiImage('/api/emoji/images/dance.webp', label));
    renderMessage(':dance: :smile: :nothing_here:', 7);
    await screen.findByRole('img', { name: ':dance:' });
    await waitFor(() => expect(screen.getByRole('img', { name: ':smile:' })).toBeTruthy());
    await waitFor(() => expect(screen.getByText(/:nothing_here:/)).toBeTruthy());
    expect(screen.queryByRole('button')).toBeNull();
  });
});
