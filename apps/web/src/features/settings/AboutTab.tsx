import { lazy, Suspense, useState, version as reactVersion } from 'react';
import { Button } from '../../ui';
import { RUNNING_VERSION, useVersionInfo } from '../versions';
import { DeveloperOptions } from '../api-version/DeveloperOptions';
import styles from './Settings.module.css';

const ChangelogDialog = lazy(() => import('../versions/ChangelogDialog'));

/** Static pages served beside the client; the operator of an instance may replace them. */
const LEGAL = [
  { label: 'Terms of Service', href: '/legal/terms.html' },
  { label: 'Community Guidelines', href: '/legal/guidelines.html' },
  { label: 'Privacy Policy', href: '/legal/privacy.html' },
] as const;

/**
 * About (spec 3 §2): the app's, the server's and the API's versions and the UI library's, the
 * changelog and the legal pages. The server's versions read 'Unknown' when they cannot be fetched
 * (spec 3 §8: 'Failed to fetch versions').
 */
export default function AboutTab() {
  const info = useVersionInfo();
  const [changelog, setChangelog] = useState(false);
  const unknown = info.isError ? 'Unknown' : '…';
  const rows: [string, string][] = [
    ['App version', `v${RUNNING_VERSION}`],
    ['Server version', info.data ? `v${info.data.version}` : unknown],
    ['API version', info.data?.api_version ?? unknown],
    ['Newest app version', info.data ? `v${info.data.app_version}` : unknown],
    ['Desktop shell', 'None (running in the browser)'],
    ['UI library', `React ${reactVersion}`],
  ];
  return (
    <div className={styles.tabBody}>
      <section className={styles.section} aria-labelledby="about-versions">
        <h3 id="about-versions" className={styles.sectionTitle}>
          Versions
        </h3>
        {info.isError && <p role="alert">Failed to fetch versions</p>}
        <dl className={styles.facts}>
          {rows.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div>
          <Button variant="secondary" onClick={() => setChangelog(true)}>
            View Changelog
          </Button>
        </div>
      </section>
      <DeveloperOptions />
      <section className={styles.section} aria-labelledby="about-legal">
        <h3 id="about-legal" className={styles.sectionTitle}>
          Legal
        </h3>
        <div className={styles.linkRow}>
          {LEGAL.map((l) => (
            <a key={l.href} href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
            </a>
          ))}
        </div>
      </section>
      {changelog && (
        <Suspense fallback={null}>
          <ChangelogDialog open welcome={false} version={RUNNING_VERSION} onClose={() => setChangelog(false)} />
        </Suspense>
      )}
    </div>
  );
}
