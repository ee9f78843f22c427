import { isFinalBreachText } from '@hearth/protocol/admin-rules';
import { ApiError } from '../../lib/http';
import type { ToastApi } from '../../ui';
import type { Failure } from './admin-texts';

/**
 * The window event raised instead of an error when the server refuses to demote or delete the last
 * admin (spec 3 §8, a text containing FINAL BREACH). `detail.message` is the server's text; the
 * session lifecycle's full-screen FINAL BREACH overlay listens for it.
 */
export const FINAL_BREACH_EVENT = 'admin:final-breach';
export interface FinalBreachDetail {
  message: string;
}

/** The server's own text of a failure, or null (a bare status, a dropped connection). */
export function serverText(error: unknown): string | null {
  return error instanceof ApiError && error.fromServer && error.message ? error.message : null;
}

/** Spec 3 §8: an error toast with the server's detail, else the failure's fallback. */
export function showFailure(toast: ToastApi, failure: Failure, error: unknown): void {
  const detail = serverText(error);
  if (failure.title === failure.fallback) toast.error(failure.title, detail ?? undefined);
  else toast.error(failure.title, detail ?? failure.fallback);
}

/**
 * A demote or delete refused with FINAL BREACH raises the event and shows no error; any other
 * failure is shown as usual.
 */
export function showFailureOrBreach(toast: ToastApi, failure: Failure, error: unknown): void {
  const detail = serverText(error);
  if (detail !== null && isFinalBreachText(detail)) {
    window.dispatchEvent(new CustomEvent<FinalBreachDetail>(FINAL_BREACH_EVENT, { detail: { message: detail } }));
    return;
  }
  showFailure(toast, failure, error);
}
