/* Account, email and storage rules, numbers and texts without zod, so the web client can import them (see package.json exports). */

import { PASSWORD_MAX, PASSWORD_MIN } from './constants.js';

/** Spec 3 §5: an email verification code is 6 characters (the server sends 6 digits). */
export const EMAIL_CODE_LENGTH = 6;
/** A code (email verification, or the password-reset code of an unverified address) is good this long. */
export const EMAIL_CODE_TTL_MS = 15 * 60_000;
/** Wrong tries a code takes; then it is void and a new one must be asked for. */
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** At most one new verification code per this long (POST /user/resend-email-verification). */
export const VERIFICATION_RESEND_INTERVAL_MS = 60_000;
/** A password-reset link (its single-use token) is good this long. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000;

/** Spec 3 §4, §9: after a new username or password the client signs out this long after saying so. */
export const ACCOUNT_CHANGE_SIGN_OUT_MS = 2_000;

/** Spec 3 §2, §9: the storage bar's colours. */
export const STORAGE_WARNING_PERCENT = 75;
export const STORAGE_DANGER_PERCENT = 90;
/** Each user's storage allowance: shown by the storage bar, enforced on every new file (migration 0023). */
export const STORAGE_LIMIT_BYTES = 1024 * 1024 * 1024;

/** The author shown for the channel messages of deleted accounts (a system account, never a person). */
export const DELETED_USER_NAME = 'Deleted User';

/** What the forgot-password answer tells the client to show next, whatever matched: always the same. */
export const FORGOT_PASSWORD_NEXT = 'check_email';

/** Spec 3 §5 and §8 as the spec writes them, then the server's own. */
export const ACCOUNT_TEXT = {
  fillAllPasswordFields: 'Please fill in all password fields',
  passwordsDoNotMatch: 'New passwords do not match',
  newPasswordTooShort: 'New password must be at least 6 characters long',
  newPasswordSame: 'New password must be different from current password',
  deleteConfirm: 'You must type "DELETE" exactly to confirm',
  deleteCancelled: 'Account deletion cancelled',
  loginAlertsNeedEmail: 'You need to set an email address before enabling login alerts.',
  connectionError: 'Connection error. Please try again.',
  updateEmailFailed: 'Failed to update email',
  verifyEmailFailed: 'Failed to verify email',
  resendFailed: 'Failed to resend verification code',
  removeEmailFailed: 'Failed to remove email',
  updateUsernameFailed: 'Failed to update username',
  updatePasswordFailed: 'Failed to update password',
  deleteAccountFailed: 'Failed to delete account',
  recalculateFailed: 'Failed to recalculate storage',
  /* Not in the spec: the server's own. */
  currentPasswordWrong: 'Current password is incorrect',
  newPasswordTooLong: 'New password must be at most 256 characters long',
  passwordUpdated: 'Password updated successfully! Please log in again.',
  usernameSame: 'New username must be different from current username',
  usernameUpdated: 'Username updated successfully! Please log in again.',
  emailInUse: 'This email is already in use',
  emailUnchanged: 'This email address is already verified on your account',
  emailRemoved: 'Email address removed',
  noEmail: 'You have no email address',
  alreadyVerified: 'Your email address is already verified',
  emailVerified: 'Email verified successfully!',
  codeResent: 'A new verification code has been sent',
  codeLength: 'Verification code must be 6 characters',
  codeWrong: 'Invalid verification code',
  codeExpired: 'Verification code has expired. Please request a new one.',
  codeTooManyAttempts: 'Too many wrong attempts. Please request a new code.',
  noPendingVerification: 'No verification code is pending. Please request a new one.',
  identifierRequired: 'Enter your username or email address',
  forgotAnswer: 'If an account matches, a reset link has been sent.',
  resetCodeInvalid: 'Invalid or expired code',
  resetCodeAccepted: 'Code accepted. Choose a new password.',
  resetTokenRequired: 'The reset link is missing its token',
  resetTokenInvalid: 'This reset link is invalid or has expired',
  passwordReset: 'Your password has been reset. You can now log in.',
  sessionsInvalidated: 'All sessions have been signed out',
  accountDeleted: 'Your account has been deleted',
  systemAccountDelete: 'This account cannot be deleted',
  lastAdmin: 'You are the only administrator: make another user an administrator before deleting your account.',
} as const;

/**
 * The first of spec 3 §5's password-change rules that fails, in its order, or null. `confirm` is the
 * client's second copy of the new password; the server gets one copy and passes none.
 */
export function passwordChangeProblem(current: string, next: string, confirm?: string): string | null {
  if (!current || !next || confirm === '') return ACCOUNT_TEXT.fillAllPasswordFields;
  if (confirm !== undefined && confirm !== next) return ACCOUNT_TEXT.passwordsDoNotMatch;
  if (next.length < PASSWORD_MIN) return ACCOUNT_TEXT.newPasswordTooShort;
  if (next.length > PASSWORD_MAX) return ACCOUNT_TEXT.newPasswordTooLong;
  if (next === current) return ACCOUNT_TEXT.newPasswordSame;
  return null;
}

/** Spec 3 §5: account deletion goes ahead only when this is typed, exactly. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** 'Email updated. A verification code was sent to x@y.z.' */
export const verificationSentText = (email: string) => `Email updated. A verification code was sent to ${email}.`;

/** Spec 3 §2: what the My Account tab says after a recalculation. */
export const storageRecalculatedText = (previous: string, current: string) =>
  `Storage recalculated! Previous: ${previous}, Current: ${current}`;

/** The refusal of a file that would take its owner past the storage limit. */
export const storageFullText = () =>
  `Not enough storage: this file would take you past your ${formatBytes(STORAGE_LIMIT_BYTES)} limit. Delete some files and try again.`;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** Bytes for people: '0 B', '512 B', '1.5 KB', '12.34 MB', '1 GB' (powers of 1024, at most two decimals). */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 100) / 100);
  return `${shown} ${UNITS[unit]}`;
}

/** The storage bar's level: above 90 percent danger, above 75 warning (spec 3 §2). */
export function storageLevel(percentage: number): 'normal' | 'warning' | 'danger' {
  if (percentage > STORAGE_DANGER_PERCENT) return 'danger';
  if (percentage > STORAGE_WARNING_PERCENT) return 'warning';
  return 'normal';
}
