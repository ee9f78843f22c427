/**
 * What an ending session leaves in localStorage beside the session-expired reason (which the login
 * form shows): that it was a suspension, with its reason, or a termination, with the server's text.
 * A reload during the countdown, or another tab of this browser, finds them and shows the overlay
 * too (spec 3 §4). Signing out clears them; the session-expired reason stays for the login form.
 */
export const SUSPENSION_REASON_KEY = 'suspension_reason';
export const TERMINATION_MESSAGE_KEY = 'termination_message';
export const STORED_NOTICE_KEYS: readonly string[] = [SUSPENSION_REASON_KEY, TERMINATION_MESSAGE_KEY];

export type StoredNotice = { kind: 'suspended'; reason: string } | { kind: 'terminated'; message: string };

export function storeNotice(storage: Storage, notice: StoredNotice): void {
  if (notice.kind === 'suspended') storage.setItem(SUSPENSION_REASON_KEY, notice.reason);
  else storage.setItem(TERMINATION_MESSAGE_KEY, notice.message);
}

/** A termination wins over a suspension: it is the later and final word on the account. */
export function readStoredNotice(storage: Storage): StoredNotice | null {
  const message = storage.getItem(TERMINATION_MESSAGE_KEY);
  if (message !== null) return { kind: 'terminated', message };
  const reason = storage.getItem(SUSPENSION_REASON_KEY);
  if (reason !== null) return { kind: 'suspended', reason };
  return null;
}

export function clearStoredNotices(storage: Storage): void {
  for (const key of STORED_NOTICE_KEYS) storage.removeItem(key);
}
