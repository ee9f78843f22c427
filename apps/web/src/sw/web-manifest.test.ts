import { describe, expect, it } from 'vitest';
import { themeVariables } from '../themes/themes';
import { DEFAULT_THEME } from '../themes/theme';
import { WEB_MANIFEST } from './web-manifest';

describe('the web app manifest', () => {
  it("takes its colours from the default theme's window background", () => {
    expect(DEFAULT_THEME).toBe('dark');
    expect(WEB_MANIFEST.theme_color).toBe(themeVariables('dark')['--bg-app']);
    expect(WEB_MANIFEST.background_color).toBe(themeVariables('dark')['--bg-app']);
  });

  it('names the installable icons: 192, 512 and a maskable 512', () => {
    expect(WEB_MANIFEST.icons.map((icon) => [icon.sizes, 'purpose' in icon ? icon.purpose : 'any'])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
  });
});
