import { useId } from 'react';
import type { CreateKind } from './create-form';
import styles from './CreateModal.module.css';

const KINDS: { kind: CreateKind; label: string; description: string }[] = [
  { kind: 'channel', label: 'Channel', description: 'A text or voice channel in a group' },
  { kind: 'group', label: 'Group', description: 'A new community with its own channels' },
  { kind: 'category', label: 'Category', description: 'A heading that gathers channels of a group' },
];
/** The channel's line on API v1, which has no voice channels. */
const TEXT_CHANNEL_DESCRIPTION = 'A text channel in a group';

/** Without `voice` (API v1), a channel is described as text only. */
export function TypeStep({ voice, onChoose }: { voice: boolean; onChoose: (kind: CreateKind) => void }) {
  const id = useId();
  return (
    <div className={styles.types} role="group" aria-label="What to create">
      {KINDS.map(({ kind, label, description }) => (
        // Named by its visible label, described by the line below it (hidden from the name, not from
        // the description), so the name is what is seen (label in name) and not a paragraph.
        <button
          key={kind}
          type="button"
          className={styles.type}
          aria-describedby={`${id}-${kind}`}
          onClick={() => onChoose(kind)}
        >
          <span className={styles.typeLabel}>{label}</span>
          <span id={`${id}-${kind}`} className={styles.typeDescription} aria-hidden="true">
            {kind === 'channel' && !voice ? TEXT_CHANNEL_DESCRIPTION : description}
          </span>
        </button>
      ))}
    </div>
  );
}
