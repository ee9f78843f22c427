import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EmojiPicker from './EmojiPicker';
import { readRecentEmoji } from './recent-emoji';
import { testEmojiData } from './test-emoji';

vi.mock('./emoji-data', () => ({ loadEmojiData: async () => testEmojiData() }));

function renderPicker() {
  const onPick = vi.fn();
  const onClose = vi.fn();
  const { unmount } = render(<EmojiPicker onPick={onPick} onClose={onClose} />);
  const picked = () => onPick.mock.calls.map(([emoji]) => (emoji as { unicode: string }).unicode);
  return { onPick, onClose, picked, unmount };
}

const search = () => screen.getByRole('searchbox', { name: 'Search emojis' });
const sectionNames = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('EmojiPicker', () => {
  it('shows the categories, a button for each, and the tip', async () => {
    renderPicker();
    expect(search().getAttribute('placeholder')).toBe('Search emojis…');
    await screen.findByRole('button', { name: 'grinning face' });
    expect(sectionNames()).toEqual(['Smileys & Emotion', 'People & Body', 'Travel & Places', 'Activities']);
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
    expect(first.onPick.mock.calls[0]![0]).toEqual({ unicode: '❤️', name: 'red heart', shortcodes: ['heart'] });
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
    const { picked, onClose } = renderPicker();
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
});
