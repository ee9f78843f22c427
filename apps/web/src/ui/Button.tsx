import { type ComponentProps } from 'react';
import { cx } from './cx';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';
export type ButtonSize = 'sm' | 'md' | 'lg';

export type ButtonProps = ComponentProps<'button'> & { variant?: ButtonVariant; size?: ButtonSize };

/** A native button; type defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', size = 'md', type = 'button', className, ...rest }: ButtonProps) {
  return <button type={type} className={cx(styles.button, styles[variant], styles[size], className)} {...rest} />;
}

export type IconButtonProps = Omit<ButtonProps, 'aria-label'> & { 'aria-label': string };

/** A square button holding only an icon, so its name must come from aria-label. */
export function IconButton({ variant = 'ghost', className, ...rest }: IconButtonProps) {
  return <Button variant={variant} className={cx(styles.icon, className)} {...rest} />;
}
