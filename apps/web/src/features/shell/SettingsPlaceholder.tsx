import { useId, useState } from 'react';
import { applyTheme, getThemeChoice, type ThemeChoice } from '../../themes';
import styles from './Shell.module.css';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'system', label: 'System' },
];

/** Until the settings screen exists: the theme choice, so the light and system themes are reachable. */
export function SettingsPlaceholder() {
  const [choice, setChoice] = useState<ThemeChoice>(getThemeChoice);
  const titleId = useId();
  return (
    <section className={styles.placeholder} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.placeholderTitle}>
        Settings
      </h1>
      <p>More settings are coming soon.</p>
      <fieldset className={styles.themeChoice}>
        <legend>Theme</legend>
        {CHOICES.map((c) => (
          <label key={c.value}>
            <input
              type="radio"
              name="theme"
              value={c.value}
              checked={choice === c.value}
              onChange={() => {
                applyTheme(c.value);
                setChoice(c.value);
              }}
            />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
