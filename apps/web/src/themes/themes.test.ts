import { describe, expect, it } from 'vitest';
import { contrast, mix, readable } from './colour';
import { PALETTES } from './palettes';
import { resolveTheme } from './theme';
import { CSS_VARS, THEME_IDS, themeVariables, type ThemeName } from './themes';

/** Spec 3 §2, in its order. */
const SPEC_IDS = [
  'system',
  'system-hc',
  'dark',
  'light',
  'dark-hc',
  'hc-light',
  'hc-dark-2',
  'midnight',
  'super-dark',
  'steel',
  'slate',
  'monochrome',
  'void',
  'rose',
  'amber',
  'mint',
  'sand',
  'pastel-blue',
  'solar',
  'lavender',
  'sunset',
  'marble',
  'forest',
  'emerald',
  'ocean',
  'arctic',
  'desert',
  'crimson',
  'cyberpunk',
  'terminal',
  'neon',
  'volcano',
  'aurora',
  'galaxy',
  'mocha',
  'sepia',
  'vintage',
  'cherry',
  'deep-sea',
  'grape',
];

const HIGH_CONTRAST: ThemeName[] = ['dark-hc', 'hc-light', 'hc-dark-2'];
const NAMES = Object.keys(PALETTES) as ThemeName[];
const ratio = (name: ThemeName, fg: string, bg: string) =>
  contrast(themeVariables(name)[fg as '--text-normal'], themeVariables(name)[bg as '--bg-chat']);

describe('theme data', () => {
  it('covers exactly the 40 theme ids of the spec, each once', () => {
    expect(THEME_IDS).toHaveLength(40);
    expect(new Set(THEME_IDS).size).toBe(40);
    expect([...THEME_IDS].sort()).toEqual([...SPEC_IDS].sort());
  });

  it('gives every theme every variable', () => {
    for (const name of NAMES) expect(Object.keys(themeVariables(name)).sort()).toEqual([...CSS_VARS].sort());
  });

  it('marks exactly the three high-contrast palettes as such', () => {
    expect(NAMES.filter((name) => (PALETTES[name] as { hc?: boolean }).hc)).toEqual(HIGH_CONTRAST);
  });

  it.each(NAMES)(
    'keeps the main text of %s readable on its main background (WCAG AA, AAA for high contrast)',
    (name) => {
      const min = HIGH_CONTRAST.includes(name) ? 7 : 4.5;
      expect(ratio(name, '--text-normal', '--bg-chat')).toBeGreaterThanOrEqual(min);
      // The same text on the other large surfaces: the sidebar and the app's background.
      expect(ratio(name, '--text-normal', '--bg-sidebar')).toBeGreaterThanOrEqual(min);
      expect(ratio(name, '--text-normal', '--bg-app')).toBeGreaterThanOrEqual(min);
    },
  );

  it.each(NAMES)('derives readable secondary colours for %s', (name) => {
    const min = HIGH_CONTRAST.includes(name) ? 7 : 4.5;
    for (const bg of ['--bg-chat', '--bg-sidebar', '--bg-hover', '--bg-elevated']) {
      expect(ratio(name, '--text-muted', bg)).toBeGreaterThanOrEqual(min);
      expect(ratio(name, '--text-link', bg)).toBeGreaterThanOrEqual(min);
      expect(ratio(name, '--text-danger', bg)).toBeGreaterThanOrEqual(min);
    }
    expect(ratio(name, '--mention-text', '--bg-chat')).toBeGreaterThanOrEqual(min);
    expect(ratio(name, '--accent-text', '--accent')).toBeGreaterThanOrEqual(4.5);
  });

  it('makes the system high-contrast choice always a high-contrast theme', () => {
    for (const dark of [true, false])
      for (const moreContrast of [true, false])
        expect(HIGH_CONTRAST).toContain(resolveTheme('system-hc', { dark, moreContrast }));
  });
});

describe('colour arithmetic', () => {
  it('measures contrast as WCAG 2 does', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('#313338', '#313338')).toBe(1);
  });

  it('mixes colours', () => {
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mix('#102030', '#102030', 0.3)).toBe('#102030');
  });

  it('pulls a colour towards white or black until it reads on every background given', () => {
    expect(readable('#dddddd', ['#000000'], 4.5)).toBe('#dddddd');
    const pulled = readable('#444444', ['#333333', '#3a3a3a'], 4.5);
    expect(contrast(pulled, '#3a3a3a')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readable('#bbbbbb', ['#ffffff'], 4.5), '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
