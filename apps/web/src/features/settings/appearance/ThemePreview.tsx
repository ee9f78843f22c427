import type { CSSProperties } from 'react';
import { themeVariables, type ThemeName } from '../../../themes';
import styles from './Appearance.module.css';

/**
 * A small picture of the app in one or more themes (side by side: the system themes show both that
 * they switch between). Each scene carries its theme's own variables, so the same CSS that draws
 * the app draws the preview in that theme's colours.
 */
export function ThemePreview({ themes }: { themes: readonly ThemeName[] }) {
  return (
    <span className={styles.preview} aria-hidden="true">
      {themes.map((name) => (
        <span key={name} className={styles.scene} style={themeVariables(name) as CSSProperties}>
          <span className={styles.rail}>
            <span className={styles.dot} />
            <span className={styles.dot} />
          </span>
          <span className={styles.side}>
            <span className={styles.line} />
            <span className={styles.line} />
            <span className={styles.line} />
          </span>
          <span className={styles.chat}>
            <span className={styles.author} />
            <span className={styles.text} />
            <span className={styles.muted} />
            <span className={styles.button} />
          </span>
        </span>
      ))}
    </span>
  );
}
