import { useState, useSyncExternalStore } from 'react';
import { applyTheme, getThemeState, subscribeTheme } from '../../../themes';
import { Tabs } from '../../../ui/Tabs';
import { categoryOf, effectiveThemeLine, THEME_CATEGORIES } from './theme-catalog';
import { ThemeCard } from './ThemeCard';
import styles from './Appearance.module.css';

/**
 * Appearance (spec 3 §2): the 40 themes in their eight category tabs, each a card with a preview;
 * the one in use is marked Active, and a line says which theme is in effect (the system themes
 * follow the device live). A choice applies at once and is kept in this browser. Its own lazy chunk.
 */
export default function AppearanceTab() {
  const theme = useSyncExternalStore(subscribeTheme, getThemeState);
  const [category, setCategory] = useState(() => categoryOf(theme.choice).id);
  return (
    <div className={styles.body}>
      <p className={styles.current} role="status">
        {effectiveThemeLine(theme)}
      </p>
      <Tabs
        label="Theme categories"
        value={category}
        onValueChange={setCategory}
        className={styles.tabs}
        tabs={THEME_CATEGORIES.map((c) => ({
          value: c.id,
          label: c.name,
          content: (
            <div className={styles.grid} role="radiogroup" aria-label={c.name}>
              {c.themes.map((id) => (
                <ThemeCard key={id} id={id} active={theme.choice === id} onChoose={() => applyTheme(id)} />
              ))}
            </div>
          ),
        }))}
      />
    </div>
  );
}
