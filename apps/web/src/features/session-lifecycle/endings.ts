import {
  DEVICE_REVOKED_LOGOUT_MS,
  FINAL_BREACH_LOGOUT_MS,
  SUSPENDED_OVERLAY_MS,
  SUSPENSION_LOGOUT_MS,
  TERMINATION_LOGOUT_MS,
} from '@hearth/protocol/session-rules';
import { DEVICE_TEXT } from '@hearth/protocol/device-rules';
import type { LoginNoticeState } from '../auth/login-notice';
import type { StoredNotice } from './stored-notices';

/**
 * The overlays' titles and lines (spec 3 §2 Full-screen overlays); the messages in them are the
 * server's (ADMIN_TEXT in the protocol), which this first-download module does not carry whole.
 */
export const LIFECYCLE_TEXT = {
  suspendedTitle: 'Account Suspended',
  /** Only when the event came without the server's text. */
  suspendedFallback: (reason: string) => `Your account has been suspended: ${reason}`,
  terminatedTitle: 'Account Terminated',
  terminatedFallback: 'Your account has been terminated.',
  storedSuspensionTitle: 'Suspended',
  storedSuspensionReason: (reason: string) => `Reason: ${reason}`,
  contactAdmin: 'If you believe this is a mistake, please contact an Admin.',
  finalBreachTitle: 'FINAL BREACH',
} as const;

/**
 * Which overlay: the live suspension (8 s), the one a stored suspension shows on the next load or in
 * another tab (10 s), termination (5 s) and FINAL BREACH (20 s).
 */
export type NoticeKind = 'account-suspended' | 'suspended' | 'account-terminated' | 'final-breach';

/** What a full-screen overlay says while the session ends. */
export interface NoticeContent {
  kind: NoticeKind;
  title: string;
  message: string;
  /** A second line, under the message. */
  detail?: string;
}

/** How a session ends: when, what is kept for the login form and the next load, and what is shown. */
export interface Ending {
  /** Signed out this long from now. */
  delayMs: number;
  /** Stored as the session-expired reason, which the login form shows. */
  reason?: string;
  /** Kept until sign-out, so a reload or another tab shows the overlay too. */
  remember?: StoredNotice;
  /** The full-screen overlay; none when a toast or the screen that asked says it. */
  notice?: NoticeContent;
  /** What the login form says after the sign-out (a quiet ending: why, and the name to use). */
  loginNotice?: LoginNoticeState;
  /** Also signs the device out on the server: for an ending the server did not start. */
  logoutOnServer?: boolean;
}

/** The live `suspended` event (spec 3 §4, §8): the server's text, stored and shown; out after 8 s. */
export function suspendedEnding(data: { reason?: string; message?: string }): Ending {
  const reason = data.reason ?? '';
  const message = data.message || LIFECYCLE_TEXT.suspendedFallback(reason);
  return {
    delayMs: SUSPENSION_LOGOUT_MS,
    reason: message,
    remember: { kind: 'suspended', reason },
    notice: { kind: 'account-suspended', title: LIFECYCLE_TEXT.suspendedTitle, message },
  };
}

/** The live `account_terminated` event: the server's text, stored and shown; out after 5 s. */
export function terminatedEnding(data: { message?: string }): Ending {
  const message = data.message || LIFECYCLE_TEXT.terminatedFallback;
  return {
    delayMs: TERMINATION_LOGOUT_MS,
    reason: message,
    remember: { kind: 'terminated', message },
    notice: { kind: 'account-terminated', title: LIFECYCLE_TEXT.terminatedTitle, message },
  };
}

/** `device_revoked` from elsewhere (spec 3 §8): stored for the login form, a toast says it; out after 2 s. */
export function revokedEnding(): Ending {
  return { delayMs: DEVICE_REVOKED_LOGOUT_MS, reason: DEVICE_TEXT.revokedBody };
}

/** An ending the screen that caused it announces (a new username or password): nothing stored or shown. */
export function quietEnding(delayMs: number, loginNotice?: LoginNoticeState): Ending {
  return loginNotice ? { delayMs, loginNotice } : { delayMs };
}

/**
 * The server refused to remove the last admin (spec 3 §8): its FINAL BREACH text, then a logout after
 * 20 s. The session is still good on the server, so this one logs out there too.
 */
export function finalBreachEnding(message: string): Ending {
  return {
    delayMs: FINAL_BREACH_LOGOUT_MS,
    reason: message,
    notice: { kind: 'final-breach', title: LIFECYCLE_TEXT.finalBreachTitle, message },
    logoutOnServer: true,
  };
}

/**
 * What a reload or another tab finds stored: the "Suspended" overlay naming the reason for 10 s
 * (spec 3 §2, §4), or the termination again for its 5 s.
 */
export function storedEnding(stored: StoredNotice): Ending {
  if (stored.kind === 'terminated') return { ...terminatedEnding({ message: stored.message }), remember: undefined };
  return {
    delayMs: SUSPENDED_OVERLAY_MS,
    notice: {
      kind: 'suspended',
      title: LIFECYCLE_TEXT.storedSuspensionTitle,
      message: LIFECYCLE_TEXT.storedSuspensionReason(stored.reason),
      detail: LIFECYCLE_TEXT.contactAdmin,
    },
  };
}
