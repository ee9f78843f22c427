import { useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from '../RichText.module.css';

/**
 * `||text||`: covered until the reader clicks it or presses Enter or Space on it. While covered it
 * is a button named 'Spoiler' and its content is inert: not read out, not focusable (a link inside
 * cannot be followed unseen), not selectable. Once revealed it stays revealed.
 */
export function Spoiler({ children }: { children: ReactNode }) {
  const [revealed, setRevealed] = useState(false);
  const reveal = () => setRevealed(true);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      reveal();
    }
  };
  // One element throughout, so focus stays on it when the reader reveals it by keyboard.
  const cover = revealed
    ? { tabIndex: -1 }
    : { role: 'button', tabIndex: 0, 'aria-label': 'Spoiler', onClick: reveal, onKeyDown };
  return (
    <span className={revealed ? styles.spoilerRevealed : styles.spoiler} {...cover}>
      <span className={styles.spoilerContent} inert={!revealed}>
        {children}
      </span>
    </span>
  );
}
