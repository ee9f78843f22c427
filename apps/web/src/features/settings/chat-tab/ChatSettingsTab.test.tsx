import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { chatPrefs, DEFAULT_CHAT_PREFS } from '../../../app/chat-prefs';
import ChatSettingsTab from './ChatSettingsTab';

afterEach(() => chatPrefs.set(DEFAULT_CHAT_PREFS));

const root = () => document.documentElement;

describe('Chat Settings tab', () => {
  it("shows the six switches and two selects with the spec's defaults", () => {
    render(<ChatSettingsTab />);
    const state = (name: string) => screen.getByRole('switch', { name }).getAttribute('aria-checked');
    expect(state('Message Borders')).toBe('true');
    expect(state('Chat Animations')).toBe('true');
    expect(state('Compact Mode')).toBe('false');
    expect(state('Show Send Button')).toBe('true');
    expect(state('Show Timestamps')).toBe('true');
    expect(state('Auto-unblur sensitive content')).toBe('false');
    const fontSize = screen.getByRole('combobox', { name: 'Font Size' }) as HTMLSelectElement;
    expect(fontSize.value).toBe('default');
    expect([...fontSize.options].map((o) => o.value)).toEqual(['small', 'default', 'large']);
    const language = screen.getByRole('combobox', { name: 'Spellcheck Language' }) as HTMLSelectElement;
    expect(language.value).toBe('en_US');
    expect([...language.options].map((o) => o.value)).toEqual(['en_US', 'en-GB', 'en-AU', 'es', 'es-US', 'fr']);
  });

  it('stores each change under its key and applies it to the page at once', async () => {
    render(<ChatSettingsTab />);
    await userEvent.click(screen.getByRole('switch', { name: 'Compact Mode' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Show Timestamps' }));
    await userEvent.click(screen.getByRole('switch', { name: 'Auto-unblur sensitive content' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Font Size' }), 'large');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Spellcheck Language' }), 'fr');

    expect(localStorage.getItem('chatCompactMode')).toBe('true');
    expect(localStorage.getItem('chatShowTimestamps')).toBe('false');
    expect(localStorage.getItem('autoUnblurContent')).toBe('true');
    expect(localStorage.getItem('chatFontSize')).toBe('large');
    expect(localStorage.getItem('spellcheckLanguage')).toBe('fr');
    expect(root().getAttribute('data-chat-compact')).toBe('on');
    expect(root().getAttribute('data-chat-timestamps')).toBe('off');
    expect(root().getAttribute('data-chat-font-size')).toBe('large');
    expect(screen.getByRole('switch', { name: 'Compact Mode' }).getAttribute('aria-checked')).toBe('true');
  });

  it('previews messages with the chat list styles', () => {
    render(<ChatSettingsTab />);
    const preview = screen.getByRole('figure', { name: 'Preview' });
    expect(within(preview).getByText('This is how messages look with these settings.')).toBeTruthy();
    expect(preview.querySelectorAll('time')).toHaveLength(2);
  });
});
