import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { stubFetch } from '../../test/fake-fetch';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { emojiRegistry, MessageContent } from '../rendering';
import { emojiByShortcode, mergeCustomEmoji } from './custom-emoji-list';
import { CustomEmojiRegistrar } from './CustomEmojiRegistrar';
import { testCustomEmoji } from './test-emoji';

const OWN = [testCustomEmoji(1, 'Wave'), testCustomEmoji(2, 'spicy', { is_nsfw: true })];
const PUBLIC = [
  testCustomEmoji(5, 'wave', { user_id: 9, is_public: true, url: '/api/emoji/images/other-wave.webp' }),
  testCustomEmoji(6, 'PartyParrot', { user_id: 9, is_public: true }),
];

function renderText(text: string) {
  stubFetch((req) =>
    req.path.startsWith('/api/emoji/emojis')
      ? { status: 200, body: req.path.includes('public=true') ? PUBLIC : OWN }
      : undefined,
  );
  return renderWithServices(
    <>
      <CustomEmojiRegistrar />
      <MessageContent text={text} />
    </>,
    testServices({ user: user() }),
  );
}

describe('custom emoji in messages', () => {
  afterEach(() => emojiRegistry.setCustom(new Map()));

  it('draws the viewer’s own and public emoji as pictures, in any case, and leaves unknown names as text', async () => {
    renderText('hello :partyparrot: and :spicy: but not :nobody_has_this:');
    const parrot = await screen.findByRole('img', { name: ':partyparrot:' });
    expect(parrot.getAttribute('src')).toBe('/api/emoji/images/PartyParrot.webp');
    expect(screen.getByRole('img', { name: ':spicy:' }).getAttribute('title')).toBe(':spicy: (NSFW)');
    expect(screen.getByText(/but not :nobody_has_this:/)).toBeTruthy();
  });

  it('prefers the viewer’s own emoji when a public one shares its name', async () => {
    renderText(':wave:');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: ':wave:' }).getAttribute('src')).toBe('/api/emoji/images/Wave.webp'),
    );
  });

  it('shows a message of emoji alone larger', async () => {
    const { container } = renderText(':partyparrot: :wave:');
    await screen.findByRole('img', { name: ':partyparrot:' });
    expect(container.querySelector('bdi')?.className).toMatch(/jumbo/);
  });
});

describe('the shortcode table', () => {
  it('keys names in lower case, own first, then the older emoji', () => {
    const table = emojiByShortcode(mergeCustomEmoji(OWN, PUBLIC));
    expect([...table.keys()].sort()).toEqual(['partyparrot', 'spicy', 'wave']);
    expect(table.get('wave')?.id).toBe(1);
  });
});
