export {
  CSS_VARS,
  THEME_IDS,
  colorScheme,
  deriveTheme,
  isThemeChoice,
  isThemeName,
  themeVariables,
  type CssVarName,
  type Theme,
  type ThemeChoice,
  type ThemeName,
} from './themes';
export { PALETTES, SYSTEM_THEMES, type Palette, type PaletteId, type SystemTheme } from './palettes';
export {
  applyTheme,
  initTheme,
  getThemeChoice,
  getThemeState,
  resolveTheme,
  subscribeTheme,
  systemPreference,
  THEME_STORAGE_KEY,
  DEFAULT_THEME,
  type SystemPreference,
  type ThemeState,
} from './theme';
