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
      <div className={styles.text}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
