import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmojiShortcode } from './EmojiShortcode';
import { emojiRegistry } from './registry';

describe('emojiRegistry', () => {
  afterEach(() => emojiRegistry.unregister('hearth'));

  it('resolves the standard set once loaded, and nothing unknown', async () => {
    await emojiRegistry.loadStandard();
    render(<>{emojiRegistry.resolve('thumbsup')?.(':thumbsup:')}</>);
    expect(screen.getByRole('img', { name: ':thumbsup:' }).textContent).toMatch(/^👍/);
    expect(emojiRegistry.resolve('heart')).not.toBeNull();
    expect(emojiRegistry.resolve('no_such_emoji')).toBeNull();
  });

  it('lets a custom emoji be registered, winning over the standard one, and re-renders shortcodes', () => {
    render(<EmojiShortcode name="hearth" />);
    expect(screen.getByText(':hearth:')).toBeTruthy();
    act(() => emojiRegistry.register('hearth', (label) => <img alt={label} src="/emoji/hearth.png" />));
    expect(screen.getByRole('img', { name: ':hearth:' }).getAttribute('src')).toBe('/emoji/hearth.png');
  });
});
