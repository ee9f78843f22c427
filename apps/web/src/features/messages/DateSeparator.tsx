import styles from './MessageItem.module.css';

export function DateSeparator({ label }: { label: string }) {
  return (
    <div className={styles.separator} role="separator" aria-label={label}>
      <span>{label}</span>
    </div>
  );
}
