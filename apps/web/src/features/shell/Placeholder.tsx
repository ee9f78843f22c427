import styles from './Shell.module.css';

export function Placeholder({ title, text }: { title: string; text: string }) {
  return (
    <section className={styles.placeholder} aria-label={title}>
      <h2>{title}</h2>
      <p>{text}</p>
    </section>
  );
}
