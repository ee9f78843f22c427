import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { CustomEmoji } from '@hearth/protocol';
import { stubFetch } from '../../test/fake-fetch';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import EmojiPicker from './EmojiPicker';
import { readRecentEmoji } from './recent-emoji';
import { testCustomEmoji, testEmojiData } from './test-emoji';
import type { PickedEmoji } from './types';

vi.mock('./emoji-data', () => ({ loadEmojiData: async () => testEmojiData() }));

/** alice's (id 7) own emoji, and the public ones of others (and hers: listed in both, shown once). */
const OWN = [testCustomEmoji(1, 'party_parrot', { is_public: true }), testCustomEmoji(2, 'secret', { is_nsfw: true })];
const PUBLIC = [
  OWN[0]!,
  testCustomEmoji(10, 'Blob', { is_public: true, user_id: 9 }),
  testCustomEmoji(11, 'spicy', { is_public: true, is_nsfw: true, user_id: 9 }),
];

function renderPicker({ own = OWN, everyone = PUBLIC }: { own?: CustomEmoji[]; everyone?: CustomEmoji[] } = {}) {
  const requests = stubFetch((req) =>
    req.path.startsWith('/api/emoji/emojis')
      ? { status: 200, body: req.path.includes('public=true') ? everyone : { emojis: own } }
      : undefined,
  );
  const onPick = vi.fn();
  const onClose = vi.fn();
  const { unmount } = renderWithServices(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 5000, itemHeight: 52 }}>
      <EmojiPicker onPick={onPick} onClose={onClose} />
    </VirtuosoMockContext.Provider>,
    testServices({ user: user() }),
  );
  const picked = () =>
    onPick.mock.calls.map(([emoji]) => {
      const e = emoji as PickedEmoji;
      return e.kind === 'unicode' ? e.unicode : `:${e.name}:`;
    });
  return { onPick, onClose, picked, unmount, requests };
}

const search = () => screen.getByRole('searchbox', { name: 'Search emojis' });
const sectionNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('EmojiPicker', () => {
  it('shows the categories, a button for each, and the tip', async () => {
    renderPicker();
    expect(search().getAttribute('placeholder')).toBe('Search emojis…');
    await screen.findByRole('button', { name: 'grinning face' });
    await screen.findByRole('button', { name: ':party_parrot:' });
    expect(sectionNames()).toEqual(['Custom', 'Smileys & Emotion', 'People & Body', 'Travel & Places', 'Activities']);
    const nav = screen.getByRole('navigation', { name: 'Emoji categories' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(sectionNames());
    expect(screen.getByText('Tip: Ctrl+E toggles picker • Shift+Click selects multiple')).toBeTruthy();
  });

  it('finds emoji by name, shortcode or keyword, and says when none match', async () => {
    renderPicker();
    await screen.findByRole('button', { name: 'grinning face' });
    await userEvent.type(search(), 'thumbs up');
    expect(sectionNames()).toEqual(['Search results']);
    expect(screen.getByRole('button', { name: 'thumbs up' }).textContent).toBe('👍️');
    await userEvent.clear(search());
    await userEvent.type(search(), ':tada:');
    expect(screen.getByRole('button', { name: 'party popper' })).toBeTruthy();
    await userEvent.clear(search());
    await userEvent.type(search(), 'zzzzqx');
    expect(screen.getByText('No emojis found')).toBeTruthy();
  });

  it('picks one emoji on a click and closes, remembering it at the top next time', async () => {
    const first = renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: 'red heart' }));
    expect(first.picked()).toEqual(['❤️']);
    expect(first.onPick.mock.calls[0]![0]).toEqual({
      kind: 'unicode',
      unicode: '❤️',
      name: 'red heart',
      shortcodes: ['heart'],
    });
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(readRecentEmoji()).toEqual(['❤️']);

    first.unmount();
    renderPicker();
    await screen.findAllByRole('button', { name: 'red heart' });
    expect(sectionNames()[0]).toBe('Recently Used');
  });

  it('stays open on Shift+click, and picks the whole range on a second Shift+click', async () => {
    const { picked, onClose } = renderPicker();
    await screen.findByRole('button', { name: 'grinning face' });
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: 'grinning face' }));
    await user.click(screen.getByRole('button', { name: 'grinning squinting face' }));
    await user.keyboard('{/Shift}');
    expect(picked()).toEqual(['😀', '😃', '😄', '😁', '😆']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('is usable from the keyboard: arrows from the search into the grid, Enter picks, Ctrl+E closes', async () => {
    const { picked, onClose } = renderPicker({ own: [], everyone: [] });
    await screen.findByRole('button', { name: 'grinning face' });
    search().focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'grinning face' }));
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    // Five columns: right once, then down a row.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('rolling on the floor laughing');
    // Down from the last row goes into the next category, keeping the column where it can.
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('thumbs up');
    // Up into the short last row of the category above, then left.
    await userEvent.keyboard('{ArrowUp}{ArrowLeft}{Enter}');
    expect(picked()).toEqual(['😆']);

    onClose.mockClear();
    await userEvent.type(search(), 'rocket{Enter}');
    expect(picked()).toEqual(['😆', '🚀']);
    await userEvent.keyboard('{Control>}e{/Control}');
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers All, SFW, NSFW and Own with their counts, each holding what it says', async () => {
    renderPicker();
    await screen.findByRole('button', { name: ':Blob:' });
    const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}\\b`) });
    // 12 standard emoji; 3 custom (alice's public one is in both lists), one of them NSFW... and her private NSFW one.
    expect(tab('All').textContent).toBe('All 16');
    expect(tab('SFW').textContent).toBe('SFW 14');
    expect(tab('NSFW').textContent).toBe('NSFW 2');
    expect(tab('Own').textContent).toBe('Own 2');

    await userEvent.click(tab('NSFW'));
    expect(sectionNames()).toEqual(['NSFW']);
    const cells = within(screen.getByRole('tabpanel'))
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(cells).toEqual([':secret: (NSFW)', ':spicy: (NSFW)']);

    await userEvent.click(tab('Own'));
    expect(sectionNames()).toEqual(['Your Emojis']);
    expect(screen.getByRole('button', { name: ':party_parrot:' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: ':Blob:' })).toBeNull();

    await userEvent.click(tab('SFW'));
    expect(screen.queryByRole('button', { name: /NSFW/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'rocket' })).toBeTruthy();

    // The counts follow a search.
    await userEvent.type(search(), 'parrot');
    expect(tab('All').textContent).toBe('All 1');
    expect(tab('NSFW').textContent).toBe('NSFW 0');
  });

  it('says when a tab has nothing, and refetches the custom emoji on Refresh', async () => {
    const { requests } = renderPicker({ own: [], everyone: [] });
    await screen.findByRole('button', { name: 'grinning face' });
    await userEvent.click(screen.getByRole('tab', { name: /^Own/ }));
    expect(await screen.findByText('No emojis found')).toBeTruthy();
    const lists = () => requests.filter((r) => r.path.startsWith('/api/emoji/emojis')).length;
    const before = lists();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh custom emojis' }));
    await vi.waitFor(() => expect(lists()).toBe(before + 2));
  });

  it('picks a custom emoji as itself, and a Shift+click range across custom and standard emoji', async () => {
    const { onPick, picked, onClose } = renderPicker();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: ':Blob:' }));
    expect(onPick.mock.calls[0]![0]).toEqual({
      kind: 'custom',
      id: 10,
      name: 'Blob',
      url: '/api/emoji/images/Blob.webp',
    });
    expect(onClose).toHaveBeenCalledTimes(1);

    onPick.mockClear();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('button', { name: ':secret: (NSFW)' }));
    await user.click(screen.getByRole('button', { name: 'grinning face with big eyes' }));
    await user.keyboard('{/Shift}');
    expect(picked()).toEqual([':secret:', ':spicy:', '😀', '😃']);
  });
});
