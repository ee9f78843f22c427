import { describe, expect, it } from 'vitest';
import { backgroundCss, canAddStop, canRemoveStop, choiceOf, parseBackground, pronounsOf } from './pronouns';
import { imageProblem, nudged, nudgeStep } from './crop';
import { settingsLocation, tabName } from './tabs';

describe('pronouns', () => {
  it('maps a stored value to a preset or custom text, and back', () => {
    expect(choiceOf('she/her')).toEqual({ choice: 'she/her', custom: '' });
    expect(choiceOf('xe/xem')).toEqual({ choice: 'custom', custom: 'xe/xem' });
    expect(choiceOf(null)).toEqual({ choice: 'none', custom: '' });
    expect(pronounsOf('custom', '  fae/faer ')).toBe('fae/faer');
    expect(pronounsOf('none', 'x')).toBeNull();
    expect(pronounsOf('they/them', '')).toBe('they/them');
  });

  it('builds and reads backgrounds of one colour or 2 to 6 stops', () => {
    expect(backgroundCss({ stops: ['#112233'] })).toBe('#112233');
    const css = backgroundCss({ stops: ['#ff0000', '#00ff00', '#0000ff'] })!;
    expect(css).toBe('linear-gradient(90deg, #ff0000, #00ff00, #0000ff)');
    expect(parseBackground(css).stops).toEqual(['#ff0000', '#00ff00', '#0000ff']);
    expect(parseBackground('#abcdef').stops).toEqual(['#abcdef']);
    expect(canAddStop({ stops: Array(6).fill('#000000') })).toBe(false);
    expect(canRemoveStop({ stops: ['#000000', '#ffffff'] })).toBe(false);
    expect(canRemoveStop({ stops: ['#000000', '#ffffff', '#ff0000'] })).toBe(true);
  });
});

describe('cropping', () => {
  const g = {
    shown: { width: 400, height: 300 },
    natural: { width: 800, height: 600 },
    cropSize: { width: 200, height: 200 },
    zoom: 1,
  };

  it('nudges 1, 10 or 100 picture pixels by the keys held', () => {
    expect(nudgeStep({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe(1);
    expect(nudgeStep({ shiftKey: true, ctrlKey: false, metaKey: false })).toBe(10);
    expect(nudgeStep({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe(100);
    expect(nudgeStep({ shiftKey: true, ctrlKey: false, metaKey: true })).toBe(100);
    // Half-size display: 10 picture pixels right is 5 screen pixels, the picture moving left.
    expect(nudged('ArrowRight', 10, { x: 0, y: 0 }, g)).toEqual({ x: -5, y: 0 });
    expect(nudged('ArrowUp', 1, { x: 0, y: 0 }, g)).toEqual({ x: 0, y: 0.5 });
    // Never past the picture's edge.
    expect(nudged('ArrowLeft', 100, { x: 90, y: 0 }, g)).toEqual({ x: 100, y: 0 });
    expect(nudged('Enter', 1, { x: 0, y: 0 }, g)).toBeNull();
  });

  it('accepts JPEG, PNG, GIF and WebP under 10 MB', () => {
    const file = (type: string, size: number) => new File([new Uint8Array(size)], 'x', { type });
    expect(imageProblem(file('image/png', 10))).toBeNull();
    expect(imageProblem(file('image/svg+xml', 10))).toBe('Please select a valid image file (JPEG, PNG, GIF, WebP)');
    expect(imageProblem(file('image/jpeg', 10 * 1024 * 1024))).toBe('Image file must be less than 10MB');
  });
});

describe('settings tabs', () => {
  it('opens the tab an address or link names; unknown tabs keep their name', () => {
    expect(settingsLocation('/settings')).toEqual({ tab: 'profile', section: null });
    expect(settingsLocation('/settings/account/password')).toEqual({ tab: 'account', section: 'password' });
    expect(settingsLocation('/settings/privacy')).toEqual({ tab: 'privacy', section: null });
    expect(settingsLocation('/settings', { tab: 'account', section: 'email' })).toEqual({
      tab: 'account',
      section: 'email',
    });
    expect(tabName('privacy')).toBe('Privacy & Safety');
    expect(tabName('nonsense')).toBeNull();
  });
});
