import { useState } from 'react';
import { applyTheme, getThemeChoice, type ThemeChoice } from '../../themes';
import styles from './Settings.module.css';

const CHOICES: { value: ThemeChoice; label: string }[] = [
  { value: 'dark', label: 'Dark' },
  { value: 'light', label: 'Light' },
  { value: 'system', label: 'System' },
];

/** The themes that exist so far; the forty themes of spec 3 come with the settings issue. */
export function AppearanceTab() {
  const [choice, setChoice] = useState<ThemeChoice>(getThemeChoice);
  return (
    <div className={styles.tabBody}>
      <fieldset className={styles.section}>
        <legend className={styles.sectionTitle}>Theme</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className={styles.radio}>
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
    </div>
  );
}
