import { ApiError } from '../../lib/http';

const hasDetail = (error: unknown): error is ApiError =>
  error instanceof ApiError && Boolean(error.message) && error.message !== `HTTP ${error.status}`;

/** The server's own explanation when it gave one, else the fallback (a network failure has none). */
export function failureText(error: unknown, fallback: string): string {
  return hasDetail(error) ? error.message : fallback;
}

/** Create failures (spec 2 §8): the server's text, else 'Failed to create {type}', with the status when known. */
export function createFailureText(kind: string, error: unknown): string {
  if (hasDetail(error)) return error.message;
  const status = error instanceof ApiError ? ` (${error.status})` : '';
  return `Failed to create ${kind}${status}`;
}
