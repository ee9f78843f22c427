import type { ThemeChoice, ThemeState } from '../../../themes';

/** What each theme is called in the Appearance tab. */
export const THEME_NAMES: Record<ThemeChoice, string> = {
  system: 'System',
  'system-hc': 'System High Contrast',
  dark: 'Dark',
  light: 'Light',
  'dark-hc': 'Dark High Contrast',
  'hc-light': 'Light High Contrast',
  'hc-dark-2': 'High Contrast Yellow',
  midnight: 'Midnight',
  'super-dark': 'Super Dark',
  steel: 'Steel',
  slate: 'Slate',
  monochrome: 'Monochrome',
  void: 'Void',
  rose: 'Rose',
  amber: 'Amber',
  mint: 'Mint',
  sand: 'Sand',
  'pastel-blue': 'Pastel Blue',
  solar: 'Solar',
  lavender: 'Lavender',
  sunset: 'Sunset',
  marble: 'Marble',
  forest: 'Forest',
  emerald: 'Emerald',
  ocean: 'Ocean',
  arctic: 'Arctic',
  desert: 'Desert',
  crimson: 'Crimson',
  cyberpunk: 'Cyberpunk',
  terminal: 'Terminal',
  neon: 'Neon',
  volcano: 'Volcano',
  aurora: 'Aurora',
  galaxy: 'Galaxy',
  mocha: 'Mocha',
  sepia: 'Sepia',
  vintage: 'Vintage',
  cherry: 'Cherry',
  'deep-sea': 'Deep Sea',
  grape: 'Grape',
};

export interface ThemeCategory {
  id: string;
  name: string;
  themes: readonly ThemeChoice[];
}

/**
 * Spec 3 §2's eight category tabs. The spec lists the themes in eight lines without saying which line
 * is which tab; there are as many lines as tabs, so line n goes to tab n, which also reads right
 * (the high-contrast line under High Contrast, the pale themes under Light Themes, and so on).
 */
export const THEME_CATEGORIES: readonly ThemeCategory[] = [
  { id: 'default', name: 'System & Default', themes: ['system', 'system-hc', 'dark', 'light'] },
  { id: 'high-contrast', name: 'High Contrast', themes: ['dark-hc', 'hc-light', 'hc-dark-2'] },
  { id: 'dark', name: 'Dark Themes', themes: ['midnight', 'super-dark', 'steel', 'slate', 'monochrome', 'void'] },
  {
    id: 'light',
    name: 'Light Themes',
    themes: ['rose', 'amber', 'mint', 'sand', 'pastel-blue', 'solar', 'lavender', 'sunset', 'marble'],
  },
  { id: 'nature', name: 'Nature Inspired', themes: ['forest', 'emerald', 'ocean', 'arctic', 'desert'] },
  {
    id: 'vibrant',
    name: 'Vibrant & Bold',
    themes: ['crimson', 'cyberpunk', 'terminal', 'neon', 'volcano', 'aurora', 'galaxy'],
  },
  { id: 'warm', name: 'Warm & Cozy', themes: ['mocha', 'sepia', 'vintage', 'cherry'] },
  { id: 'cool', name: 'Cool & Modern', themes: ['deep-sea', 'grape'] },
];

/** The tab a theme is in (the first, for anything unknown). */
export function categoryOf(choice: ThemeChoice): ThemeCategory {
  return THEME_CATEGORIES.find((c) => c.themes.includes(choice)) ?? THEME_CATEGORIES[0]!;
}

export const followsSystem = (choice: ThemeChoice): boolean => choice === 'system' || choice === 'system-hc';

/** 'Currently using: Dark (following your system)', or 'Currently using: Midnight'. */
export function effectiveThemeLine({ choice, effective }: ThemeState): string {
  return `Currently using: ${THEME_NAMES[effective]}${followsSystem(choice) ? ' (following your system)' : ''}`;
}
