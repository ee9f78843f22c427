export { CSS_VARS, THEMES, THEME_COLOR_SCHEME, type CssVarName, type Theme, type ThemeName } from './themes';
export {
  applyTheme,
  initTheme,
  getThemeChoice,
  resolveTheme,
  THEME_STORAGE_KEY,
  DEFAULT_THEME,
  type ThemeChoice,
} from './theme';
