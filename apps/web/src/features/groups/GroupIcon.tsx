import { useState } from 'react';
import type { Group } from '@hearth/protocol';
import { groupIconUrl, groupInitials } from './group-label';
import styles from './GroupRail.module.css';

/** The group's image, or its initials when it has none or the image fails to load. */
export function GroupIcon({ group }: { group: Group }) {
  const url = groupIconUrl(group.icon);
  // Remembering the failed address lets a new icon be tried again.
  const [failed, setFailed] = useState<string | null>(null);
  if (url && url !== failed)
    return <img className={styles.iconImage} src={url} alt="" onError={() => setFailed(url)} />;
  return (
    <bdi className={styles.initials} aria-hidden="true">
      {groupInitials(group.name)}
    </bdi>
  );
}
