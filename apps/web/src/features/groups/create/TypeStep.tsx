import { useId } from 'react';
import type { CreateKind } from './create-form';
import styles from './CreateModal.module.css';

const KINDS: { kind: CreateKind; label: string; description: string }[] = [
  { kind: 'channel', label: 'Channel', description: 'A text or voice channel in a group' },
  { kind: 'group', label: 'Group', description: 'A new community with its own channels' },
  { kind: 'category', label: 'Category', description: 'A heading that gathers channels of a group' },
];

export function TypeStep({ onChoose }: { onChoose: (kind: CreateKind) => void }) {
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
            {description}
          </span>
        </button>
      ))}
    </div>
  );
}
