import type { MouseEvent, ReactNode } from 'react';
import { useLocation } from 'wouter';
import { resolveLink } from '../link-policy';
import { SETTINGS_PATH } from '../settings-links';
import styles from '../RichText.module.css';

interface MessageLinkProps {
  target: string;
  title: string | null;
  /** The link as written, shown instead when the target is not allowed. */
  source: string;
  children: ReactNode;
}

const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link of a message, through the link policy: other sites open in a new tab with neither opener
 * nor referrer; this app's settings links open the settings screen in place; anything else is
 * shown as the text that was written.
 */
export function MessageLink({ target, title, source, children }: MessageLinkProps) {
  const [, navigate] = useLocation();
  const link = resolveLink(target);
  if (!link) return source;
  if (link.kind === 'settings') {
    const open = (event: MouseEvent) => {
      // Modified clicks keep the browser's meaning (a new tab or window).
      if (!plainClick(event)) return;
      event.preventDefault();
      navigate(SETTINGS_PATH, { state: link.settings });
    };
    return (
      <a className={styles.link} href={link.href} title={title ?? undefined} onClick={open}>
        {children}
      </a>
    );
  }
  return (
    <a
      className={styles.link}
      href={link.href}
      // The real address on hover, since the visible text of [text](address) can say anything.
      title={title ?? link.href}
      target="_blank"
      rel="noopener noreferrer"
    >
      {children}
    </a>
  );
}
