import { alpha, BLACK, luminance, mix, readable, textOn, WHITE } from './colour';
import { PALETTES, SYSTEM_THEMES, type Palette, type PaletteId, type SystemTheme } from './palettes';

/** Every variable a theme must define; components read colours only through these. */
export const CSS_VARS = [
  '--bg-app',
  '--bg-rail',
  '--bg-sidebar',
  '--bg-chat',
  '--bg-elevated',
  '--bg-hover',
  '--bg-active',
  '--bg-input',
  '--text-normal',
  '--text-muted',
  '--text-strong',
  '--text-link',
  '--accent',
  '--accent-hover',
  '--accent-text',
  '--danger',
  '--danger-hover',
  '--danger-text',
  /** The danger colour as text (form errors, a failed upload, Delete in a menu): readable on every surface. */
  '--text-danger',
  '--warning',
  '--warning-text',
  '--success',
  '--success-text',
  '--info',
  '--border',
  '--border-strong',
  '--focus-ring',
  '--shadow',
  '--overlay',
  '--avatar-1',
  '--avatar-2',
  '--avatar-3',
  '--avatar-4',
  '--avatar-5',
  '--avatar-6',
  '--avatar-7',
  '--avatar-8',
  '--avatar-text',
  '--status-online',
  '--status-away',
  '--status-busy',
  '--status-offline',
  '--badge-admin',
  '--badge-mod',
  '--badge-system',
  '--badge-text',
  '--mention-bg',
  '--mention-text',
  '--scrollbar',
] as const;

export type CssVarName = (typeof CSS_VARS)[number];
/** A theme with colours of its own (every id but the two that follow the system). */
export type ThemeName = PaletteId;
/** What the user picks: a theme, or one of the two that follow the operating system. */
export type ThemeChoice = ThemeName | SystemTheme;
export type Theme = Record<CssVarName, string>;

/** The 40 ids of spec 3 §2. */
export const THEME_IDS: readonly ThemeChoice[] = [...SYSTEM_THEMES, ...(Object.keys(PALETTES) as ThemeName[])];

export const isThemeName = (value: unknown): value is ThemeName =>
  typeof value === 'string' && Object.hasOwn(PALETTES, value);

export const isThemeChoice = (value: unknown): value is ThemeChoice =>
  isThemeName(value) || SYSTEM_THEMES.includes(value as SystemTheme);

export const isDark = (p: Palette): boolean => luminance(p.bg) < luminance(p.text);

// Avatar and badge colours are dark enough for white text to stay readable on every theme.
const AVATAR_COLOURS = {
  '--avatar-1': '#4f5bd5',
  '--avatar-2': '#2d7d46',
  '--avatar-3': '#a1560c',
  '--avatar-4': '#c03537',
  '--avatar-5': '#b0307a',
  '--avatar-6': '#7d4cb3',
  '--avatar-7': '#14806d',
  '--avatar-8': '#4d5866',
  '--avatar-text': '#ffffff',
  '--badge-mod': '#4f5bd5',
  '--badge-text': '#ffffff',
} as const;

/** Status colours keep their meaning across themes: one set for dark backgrounds, one for light. */
const STATUS = {
  dark: {
    '--danger': '#da373c',
    '--danger-hover': '#a12828',
    '--danger-text': '#ffffff',
    '--warning': '#f0b232',
    '--warning-text': '#1e1f22',
    '--success': '#23a55a',
    // Dark on this green: white on it is 3.2:1, under the 4.5 text needs (the TRANSMITTING label, the
    // call's 'connected' pill).
    '--success-text': '#04210f',
    '--info': '#4cc2ff',
    '--status-online': '#23a55a',
    '--status-away': '#f0b232',
    '--status-busy': '#f23f43',
    '--status-offline': '#80848e',
    '--badge-admin': '#da373c',
    '--badge-system': '#23a55a',
    '--shadow': '0 8px 24px rgba(0, 0, 0, 0.4)',
    '--overlay': 'rgba(0, 0, 0, 0.7)',
  },
  light: {
    '--danger': '#c62828',
    '--danger-hover': '#9e1f1f',
    '--danger-text': '#ffffff',
    '--warning': '#9a5b00',
    '--warning-text': '#ffffff',
    '--success': '#1f7a44',
    '--success-text': '#ffffff',
    '--info': '#006ab5',
    '--status-online': '#1f7a44',
    '--status-away': '#9a5b00',
    '--status-busy': '#c62828',
    '--status-offline': '#747f8d',
    '--badge-admin': '#c62828',
    '--badge-system': '#1f7a44',
    '--shadow': '0 8px 24px rgba(0, 0, 0, 0.16)',
    '--overlay': 'rgba(0, 0, 0, 0.5)',
  },
} as const;

/**
 * A whole theme from its base colours. Surfaces step away from `bg` (darker towards black on dark
 * themes, towards the text colour on light ones); muted text and links are pulled towards white or
 * black until they read at 4.5:1 (7:1 in high contrast) on every surface they sit on.
 */
export function deriveTheme(p: Palette): Theme {
  const dark = isDark(p);
  const hc = p.hc === true;
  const back = dark ? BLACK : p.text;
  const surface = (dk: number, lt: number) => (hc ? p.bg : mix(p.bg, back, dark ? dk : lt));
  const tint = (dk: number, lt: number, h: number) => mix(p.bg, p.text, hc ? h : dark ? dk : lt);
  const app = surface(0.39, 0.13);
  const sidebar = p.side ?? surface(0.12, 0.06);
  const elevated = dark ? surface(0.28, 0) : p.bg;
  const hover = tint(0.05, 0.09, 0.16);
  const min = hc ? 7 : 4.6;
  const surfaces = [p.bg, sidebar, app, elevated, hover];
  const link = readable(p.link ?? (dark ? mix(p.accent, WHITE, 0.35) : p.accent), surfaces, min);
  const accentHover = mix(p.accent, BLACK, 0.2);
  const status = STATUS[dark ? 'dark' : 'light'];
  return {
    '--bg-app': app,
    '--bg-rail': app,
    '--bg-sidebar': sidebar,
    '--bg-chat': p.bg,
    '--bg-elevated': elevated,
    '--bg-hover': hover,
    '--bg-active': tint(0.1, 0.15, 0.28),
    '--bg-input': surface(0.39, 0.09),
    '--text-normal': p.text,
    '--text-muted': readable(mix(p.text, p.bg, hc ? 0.12 : 0.33), surfaces, min),
    '--text-strong': mix(p.text, dark ? WHITE : BLACK, 0.6),
    '--text-link': link,
    '--accent': p.accent,
    '--accent-hover': accentHover,
    '--accent-text': textOn(p.accent),
    ...status,
    '--text-danger': readable(status['--danger'], surfaces, min),
    '--border': hc ? mix(p.bg, p.text, 0.6) : tint(0.09, 0.21, 0),
    '--border-strong': hc ? p.text : tint(0.25, 0.42, 0),
    '--focus-ring': link,
    ...AVATAR_COLOURS,
    '--mention-bg': alpha(status['--status-away'], 0.12),
    '--mention-text': readable(mix(p.accent, dark ? WHITE : BLACK, dark ? 0.7 : 0.25), [p.bg, hover], min),
    '--scrollbar': dark ? mix(p.bg, BLACK, 0.47) : tint(0, 0.29, 0.5),
  };
}

const derived = new Map<ThemeName, Theme>();

/** The variables of a theme, derived once and kept. */
export function themeVariables(name: ThemeName): Theme {
  let theme = derived.get(name);
  if (!theme) derived.set(name, (theme = deriveTheme(PALETTES[name])));
  return theme;
}

/** Which native controls (inputs, scrollbars) the browser draws for a theme. */
export const colorScheme = (name: ThemeName): 'dark' | 'light' => (isDark(PALETTES[name]) ? 'dark' : 'light');
