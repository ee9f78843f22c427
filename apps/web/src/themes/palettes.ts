/**
 * The base colours of every theme of spec 3 §2 (the rest of each theme is derived from them in
 * themes.ts). `bg` is the chat's background and `text` its main text: the pair the contrast test
 * holds to 4.5:1 (7:1 for `hc`). `side` and `link` are given only where the derived ones would not
 * do. Names and categories live with the Appearance tab, not here: the first download carries only
 * what applying a theme needs.
 */
export interface Palette {
  bg: string;
  text: string;
  accent: string;
  /** The sidebar's background; derived from `bg` when absent. */
  side?: string;
  /** Links and the focus ring; derived from `accent` when absent. */
  link?: string;
  /** High contrast: flat surfaces, strong borders, 7:1 text. */
  hc?: true;
}

export const PALETTES = {
  dark: { bg: '#313338', text: '#dbdee1', accent: '#4f5bd5', link: '#4cc2ff' },
  light: { bg: '#ffffff', text: '#313338', accent: '#4f5bd5', link: '#006ab5' },

  'dark-hc': { bg: '#000000', text: '#ffffff', accent: '#1aebff', link: '#7fdbff', hc: true },
  'hc-light': { bg: '#ffffff', text: '#000000', accent: '#0000c8', link: '#0000c8', hc: true },
  'hc-dark-2': { bg: '#000000', text: '#ffff00', accent: '#ffff00', link: '#00ffff', hc: true },

  midnight: { bg: '#1a1d2e', text: '#d6dbf5', accent: '#6c7cff' },
  'super-dark': { bg: '#0e0e10', text: '#e3e3e6', accent: '#5865f2', side: '#09090b' },
  steel: { bg: '#2c3138', text: '#d5dbe1', accent: '#5b8fb9' },
  slate: { bg: '#2f3541', text: '#dde3ea', accent: '#6b8cce' },
  monochrome: { bg: '#1f1f1f', text: '#e0e0e0', accent: '#a0a0a0' },
  void: { bg: '#07060b', text: '#d8d4e8', accent: '#7c4dff' },

  rose: { bg: '#fff5f7', text: '#3d2a30', accent: '#c2255c' },
  amber: { bg: '#fff8e6', text: '#3b2f12', accent: '#b45309' },
  mint: { bg: '#f0fbf6', text: '#1f3b30', accent: '#0b7a5e' },
  sand: { bg: '#f7f1e3', text: '#3e3626', accent: '#8f6a2e' },
  'pastel-blue': { bg: '#f0f6ff', text: '#1f2f46', accent: '#3b6fc4' },
  solar: { bg: '#fdf6e3', text: '#4a5d63', accent: '#1f6fa8' },
  lavender: { bg: '#f6f2ff', text: '#352c4a', accent: '#7052c8' },
  sunset: { bg: '#fff1e8', text: '#40261c', accent: '#c2410c' },
  marble: { bg: '#f7f7f5', text: '#2e2e2e', accent: '#5f6368' },

  forest: { bg: '#1e2a22', text: '#d4e4d4', accent: '#3f9b47' },
  emerald: { bg: '#0f2a23', text: '#d1f0e3', accent: '#0f9f70' },
  ocean: { bg: '#0f2437', text: '#d3e6f5', accent: '#1a7fd6' },
  arctic: { bg: '#f2f8fb', text: '#1d3340', accent: '#1f7aa8' },
  desert: { bg: '#f3e5cf', text: '#4a3220', accent: '#a35420' },

  crimson: { bg: '#2a1215', text: '#f2d7d9', accent: '#c8102e' },
  cyberpunk: { bg: '#140f24', text: '#f0e6ff', accent: '#ff2a6d', link: '#05d9e8' },
  terminal: { bg: '#0c0c0c', text: '#33ff66', accent: '#1fcc4f', side: '#080808' },
  neon: { bg: '#0d0b1a', text: '#e8f7ff', accent: '#00c8e0', link: '#39ff14' },
  volcano: { bg: '#1f1412', text: '#f3dcd2', accent: '#e4491c' },
  aurora: { bg: '#0f1b26', text: '#d8f3ee', accent: '#23b07a', link: '#7ce0c3' },
  galaxy: { bg: '#12112a', text: '#e3defc', accent: '#7d5cf0' },

  mocha: { bg: '#2b211c', text: '#eadbd0', accent: '#9a5b30' },
  sepia: { bg: '#f4ecd8', text: '#433422', accent: '#7d5230' },
  vintage: { bg: '#2e2a24', text: '#e8dfca', accent: '#a8841c' },
  cherry: { bg: '#2a1a1f', text: '#f6dde4', accent: '#c92a62' },

  'deep-sea': { bg: '#0a1a2a', text: '#cfe3f2', accent: '#0e8f9c' },
  grape: { bg: '#231a33', text: '#e6dcf5', accent: '#8e44ad' },
} satisfies Record<string, Palette>;

export type PaletteId = keyof typeof PALETTES;

/** The two choices that follow the operating system instead of naming a palette. */
export const SYSTEM_THEMES = ['system', 'system-hc'] as const;
export type SystemTheme = (typeof SYSTEM_THEMES)[number];
