import { type ReactNode } from 'react';
import { IconButton } from './Button';
import { BackIcon } from './icons';
import styles from './MobileHeader.module.css';

export interface MobileHeaderProps {
  title: string;
  subtitle?: string;
  /** Shows a back arrow (named "Back") when given. */
  onBack?: () => void;
  /** Buttons on the right, e.g. IconButtons. */
  actions?: ReactNode;
}

export function MobileHeader({ title, subtitle, onBack, actions }: MobileHeaderProps) {
  return (
    <header className={styles.header}>
      {onBack && (
        <IconButton aria-label="Back" onClick={onBack}>
          <BackIcon size={22} />
        </IconButton>
      )}
      {/* The page's h1 names the place (see the shell); titles are user text, cut with an ellipsis and isolated. */}
      <div className={styles.text}>
        <h2 className={styles.title} title={title}>
          <bdi>{title}</bdi>
        </h2>
        {subtitle && (
          <p className={styles.subtitle} title={subtitle}>
            <bdi>{subtitle}</bdi>
          </p>
        )}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
