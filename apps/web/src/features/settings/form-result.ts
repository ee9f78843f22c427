import { ApiError } from '../../lib/http';

/** Spec 3 §8: the server's detail when it gave one; a failed connection says so. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return (error.fromServer && error.message) || fallback;
  if (error instanceof TypeError) return 'Connection error. Please try again.';
  return fallback;
}

/** A form's outcome, shown as a banner; a new save clears the last one (spec 3 §4). */
export type Outcome = { kind: 'success' | 'error'; text: string } | null;
