import { describe, expect, it } from 'vitest';
import { THEME_IDS } from '../../../themes';
import { categoryOf, effectiveThemeLine, THEME_CATEGORIES, THEME_NAMES } from './theme-catalog';

describe('theme catalogue', () => {
  it("has the spec's eight category tabs in order", () => {
    expect(THEME_CATEGORIES.map((c) => c.name)).toEqual([
      'System & Default',
      'High Contrast',
      'Dark Themes',
      'Light Themes',
      'Nature Inspired',
      'Vibrant & Bold',
      'Warm & Cozy',
      'Cool & Modern',
    ]);
  });

  it('puts each of the 40 themes in exactly one category, and names each', () => {
    const listed = THEME_CATEGORIES.flatMap((c) => c.themes);
    expect(listed).toHaveLength(40);
    expect([...listed].sort()).toEqual([...THEME_IDS].sort());
    expect(Object.keys(THEME_NAMES).sort()).toEqual([...THEME_IDS].sort());
    expect(new Set(Object.values(THEME_NAMES)).size).toBe(40);
  });

  it('finds the category of a theme', () => {
    expect(categoryOf('system').name).toBe('System & Default');
    expect(categoryOf('hc-dark-2').name).toBe('High Contrast');
    expect(categoryOf('grape').name).toBe('Cool & Modern');
  });

  it('says which theme is in effect, and when it follows the system', () => {
    expect(effectiveThemeLine({ choice: 'system', effective: 'dark' })).toBe(
      'Currently using: Dark (following your system)',
    );
    expect(effectiveThemeLine({ choice: 'system-hc', effective: 'hc-light' })).toBe(
      'Currently using: Light High Contrast (following your system)',
    );
    expect(effectiveThemeLine({ choice: 'midnight', effective: 'midnight' })).toBe('Currently using: Midnight');
  });
});
