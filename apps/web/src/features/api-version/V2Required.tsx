import type { ReactNode } from 'react';
import { useIsApiV2 } from '../../app/api-version';
import { API_VERSION_TEXT } from './texts';
import styles from './ApiVersion.module.css';

/** The spec's 'V2 API Required' notice, in place of a feature that needs API v2. */
export function V2Required({ text }: { text: string }) {
  return (
    <div className={styles.notice} role="status">
      <h3 className={styles.noticeTitle}>{API_VERSION_TEXT.v2Required}</h3>
      <p className={styles.noticeText}>{text}</p>
    </div>
  );
}

/** The children on API v2; the notice with `text` on v1. */
export function V2Only({ text, children }: { text: string; children: ReactNode }) {
  return useIsApiV2() ? children : <V2Required text={text} />;
}
