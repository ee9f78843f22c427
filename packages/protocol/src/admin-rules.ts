/* The admin panel's and the session lifecycle's numbers and texts without zod, so the web client can import them (see package.json exports). */

/*
 * Spec 3 §4, §9: the session lifecycle's timings live in session-rules.ts, which the web client's first
 * download imports without these texts; re-exported here for the admin side.
 */
export {
  SUSPENSION_LOGOUT_MS,
  SUSPENDED_OVERLAY_MS,
  TERMINATION_LOGOUT_MS,
  DEVICE_REVOKED_LOGOUT_MS,
  FINAL_BREACH_LOGOUT_MS,
  AWAY_THRESHOLD_MS,
  SUPPRESSION_MS,
} from './session-rules.js';
/** Spec 3 §2: the System tab refreshes this often while open; gauges warn above 60 % and alarm above 80 %. */
export const SYSTEM_REFRESH_MS = 10_000;
export const GAUGE_WARNING_PERCENT = 60;
export const GAUGE_DANGER_PERCENT = 80;
/** Spec 3 §2 Storage: near limit above this. */
export const STORAGE_NEAR_LIMIT_PERCENT = 90;

export const ADMIN_TEXT = {
  reasonEmpty: 'Reason cannot be empty',
  invalidEmail: 'Please enter a valid email address',
  userNotFound: 'User not found',
  notYourself: 'You cannot do this to your own account',
  notSystem: 'Guardian and system accounts cannot be changed',
  alreadyAdmin: 'User is already an admin',
  notAdmin: 'User is not an admin',
  alreadySuspended: 'User is already suspended',
  notSuspended: 'User is not suspended',
  /**
   * Demoting or deleting the last admin would leave the instance with no one able to administer it.
   * The text starts with FINAL BREACH, which the client turns into its full-screen dialog (spec 3 §8).
   */
  finalBreach: 'FINAL BREACH: this is the last admin account. Promote another admin first.',
  emailSet: 'Email set successfully - user must verify it',
  suspended: (id: number) => `User ${id} suspended`,
  unsuspended: (id: number) => `User ${id} unsuspended`,
  deleted: (name: string) => `User ${name} deleted`,
  promoted: (name: string) => `${name} is now an admin`,
  demoted: (name: string) => `${name} is no longer an admin`,
  announcementSent: (n: number) => `Guardian announcement sent to ${n} users`,
  /** Refused sign-in of a suspended account (403). */
  loginSuspended: (reason: string) => `Your account is suspended: ${reason}`,
  /** The live suspension notice, stored as the session-expired reason (spec 3 §8). */
  suspendedNotice: (reason: string) =>
    `You have been logged out because you were suspended for ${reason}. Please contact the admins if you think this was a mistake`,
  terminated: 'Your account has been terminated by an administrator.',
  recalculated: (name: string, size: string, difference: number) =>
    `Recalculated storage for ${name}: ${size} (${difference >= 0 ? '+' : '-'}${Math.abs(difference)} bytes)`,
  recalculatedAll: (n: number) => `Recalculated storage for ${n} users`,
  reportsDeleted: (n: number) => `Deleted ${n} reports`,
  /* Spec 3 §5, §8: the Guardian message and announcement dialogs. */
  titleEmpty: 'Title cannot be empty',
  contentEmpty: 'Content cannot be empty',
  guardianMessageSent: (name: string) => `Guardian message sent to ${name}`,
} as const;

/** Spec 3 §5 Admin Set Email: no spaces, one @, a dot in the domain. */
export const ADMIN_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The mark of the last-admin refusal (spec 3 §8): the client shows its FINAL BREACH overlay instead of an error. */
export const FINAL_BREACH_MARK = 'FINAL BREACH';
export const isFinalBreachText = (text: string) => text.includes(FINAL_BREACH_MARK);
