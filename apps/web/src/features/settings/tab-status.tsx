import { createContext, useContext } from 'react';
import { createPortal } from 'react-dom';
import styles from './Settings.module.css';

/** The place in the settings screen's title row where a tab's save status shows. */
export const TabStatusSlot = createContext<HTMLElement | null>(null);

/**
 * A tab's save status ('Saved', 'Applied to the voice connection'): a chip in the title row beside
 * the tab's name, which does not scroll with the tab, so it never lies over the tab's controls the way
 * a floating chip at the foot of the scrolling content did. Always rendered, so screen readers have
 * the live region before its text changes.
 */
export function TabStatus({ text }: { text: string | undefined }) {
  const slot = useContext(TabStatusSlot);
  const line = (
    <p className={styles.tabStatus} role="status">
      {text}
    </p>
  );
  return slot ? createPortal(line, slot) : line;
}
