import { useTypists, type TypingTarget } from './useTyping';
import styles from './TypingIndicator.module.css';

/**
 * The line under the composer: 'X is typing…', 'X and Y are typing…', 'Several people are typing…'.
 * Always there (empty when nobody types), so screen readers hear each change politely. Names are user
 * text, isolated so a right-to-left override in one cannot reorder the sentence.
 */
export function TypingIndicator({ target }: { target: TypingTarget }) {
  const typists = useTypists(target);
  const [a, b] = typists;
  return (
    <p className={styles.typing} aria-live="polite" data-typing-indicator="">
      {typists.length === 1 && (
        <>
          <bdi>{a!.name}</bdi> is typing…
        </>
      )}
      {typists.length === 2 && (
        <>
          <bdi>{a!.name}</bdi> and <bdi>{b!.name}</bdi> are typing…
        </>
      )}
      {typists.length > 2 && 'Several people are typing…'}
    </p>
  );
}
