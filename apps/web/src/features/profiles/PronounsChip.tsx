import type { CSSProperties } from 'react';
import styles from './Profiles.module.css';

/**
 * Pronouns with the user's colours (spec 3 §3): one colour or a gradient, text white by default. The
 * server only stores hex colours and linear gradients of them, so the value is safe as a background.
 */
export function PronounsChip({
  pronouns,
  background,
  color,
}: {
  pronouns: string | null;
  background: string | null;
  color: string | null;
}) {
  if (!pronouns) return null;
  const style: CSSProperties = background ? { background, color: color ?? '#ffffff' } : {};
  return (
    <span className={styles.pronouns} style={style}>
      {pronouns}
    </span>
  );
}
