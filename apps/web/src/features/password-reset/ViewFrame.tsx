import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { cx } from '../../ui/cx';
import authStyles from '../auth/AuthScreen.module.css';
import styles from './PasswordReset.module.css';

/**
 * The card the pre-sign-in views share with the login form: a title, a line under it, the content,
 * and links at the foot. With `onSubmit` the card is the form. The title takes focus when `focusKey`
 * changes (a view that turns into its next step, such as 'Check your email'), so keyboard and screen
 * reader users start at the top of what is new rather than on a control that went away.
 */
export function ViewFrame({
  title,
  subtitle,
  onSubmit,
  focusKey,
  footer,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  onSubmit?: (e: FormEvent) => void;
  focusKey?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const firstKey = useRef(focusKey);
  useEffect(() => {
    if (focusKey !== firstKey.current) heading.current?.focus();
  }, [focusKey]);

  const content = (
    <>
      <h1 id={titleId} ref={heading} tabIndex={-1} className={cx(authStyles.title, styles.heading)}>
        {title}
      </h1>
      {subtitle && <p className={authStyles.subtitle}>{subtitle}</p>}
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </>
  );
  return (
    <main className={authStyles.screen}>
      {onSubmit ? (
        <form className={authStyles.card} onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          {content}
        </form>
      ) : (
        <section className={authStyles.card} aria-labelledby={titleId}>
          {content}
        </section>
      )}
    </main>
  );
}

/** A link to another view or back to login: an address of its own, followed without a page load. */
export function ViewLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link href={to} className={authStyles.link}>
      {children}
    </Link>
  );
}

/** A refusal (ours or the server's), read out as it appears. */
export function FormError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className={authStyles.error}>
      {text}
    </p>
  );
}
