import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CHANGELOG_TEXT, parseIndex, renderChangelog, type ChangelogEntry } from './changelog';
import styles from './Changelog.module.css';

/** The changelog's files are static files of the client, beside it (not API answers). */
async function fetchText(path: string): Promise<string> {
  const res = await fetch(path, { headers: { accept: 'text/plain, application/json' } });
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.text();
}

function Section({ entry, first }: { entry: ChangelogEntry; first: boolean }) {
  // Spec 3 §2: the first entry loads at once and is open; the others load when expanded.
  const [open, setOpen] = useState(first);
  const body = useQuery({
    queryKey: ['changelog', entry.file],
    queryFn: () => fetchText(`/changelogs/${entry.file}`),
    enabled: open,
    staleTime: Infinity,
    retry: false,
  });
  return (
    <details className={styles.section} open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{entry.title}</summary>
      <div className={styles.body}>
        {body.isError ? (
          <p className={styles.muted}>{CHANGELOG_TEXT.failed}</p>
        ) : body.data === undefined ? (
          <p className={styles.muted}>Loading...</p>
        ) : (
          renderChangelog(body.data)
        )}
      </div>
    </details>
  );
}

/** The changelog's collapsible sections, from /changelogs/index.json. */
export function ChangelogSections() {
  const index = useQuery({
    queryKey: ['changelog', 'index'],
    queryFn: async () => parseIndex(JSON.parse(await fetchText('/changelogs/index.json')) as unknown),
    staleTime: Infinity,
    retry: false,
  });
  if (index.isError) return <p className={styles.muted}>{CHANGELOG_TEXT.failed}</p>;
  // Spec 3 §2: an empty index leaves the screen loading.
  if (!index.data || index.data.length === 0) return <p className={styles.muted}>Loading...</p>;
  return (
    <div className={styles.sections}>
      {index.data.map((entry, i) => (
        <Section key={entry.file} entry={entry} first={i === 0} />
      ))}
    </div>
  );
}
