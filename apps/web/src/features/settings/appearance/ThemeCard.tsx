import { useId } from 'react';
import { resolveTheme, type ThemeChoice, type ThemeName } from '../../../themes';
import { THEME_NAMES } from './theme-catalog';
import { ThemePreview } from './ThemePreview';
import styles from './Appearance.module.css';

/** What a card previews: a theme, or for the system themes the two they switch between. */
function previewed(id: ThemeChoice): ThemeName[] {
  if (id === 'system') return ['dark', 'light'];
  if (id === 'system-hc') return ['dark-hc', 'hc-light'];
  return [resolveTheme(id)];
}

const HINTS: Partial<Record<ThemeChoice, string>> = {
  system: "Follows your device's light or dark mode",
  'system-hc': "High contrast, following your device's light or dark mode",
};

/**
 * One theme as a card: its preview, its name, and 'Active' on the one in use. A radio button (of the
 * category's group) covers the card, so a click anywhere, or the arrow keys, choose it.
 */
export function ThemeCard({ id, active, onChoose }: { id: ThemeChoice; active: boolean; onChoose(): void }) {
  const uid = useId();
  const hint = HINTS[id];
  return (
    <label className={styles.card} data-active={active || undefined}>
      <input
        type="radio"
        name="theme"
        value={id}
        className={styles.radio}
        checked={active}
        onChange={onChoose}
        aria-labelledby={`${uid}-name`}
        aria-describedby={[hint && `${uid}-hint`, active && `${uid}-active`].filter(Boolean).join(' ') || undefined}
      />
      <ThemePreview themes={previewed(id)} />
      <span className={styles.cardText}>
        <span id={`${uid}-name`} className={styles.name}>
          {THEME_NAMES[id]}
        </span>
        {active && (
          <span id={`${uid}-active`} className={styles.active}>
            Active
          </span>
        )}
      </span>
      {hint && (
        <span id={`${uid}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </label>
  );
}
