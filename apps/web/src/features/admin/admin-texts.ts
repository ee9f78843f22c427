/**
 * The admin panel's own texts (spec 3 §5, §8) beside the server's (`ADMIN_TEXT` in the protocol's
 * admin-rules): the titles and fallbacks of its failures, its confirmations and its labels.
 */

/** A failure shown as an error: a title, and the text used when the server gave none of its own. */
export interface Failure {
  title: string;
  fallback: string;
}

/** Spec 3 §8 Admin errors and Admin data; where the spec names no title, the fallback is the title. */
export const FAILURES = {
  demote: { title: 'Failed to demote user', fallback: 'Failed to demote user' },
  deleteUser: { title: 'Failed to delete user', fallback: 'Failed to delete user' },
  setEmail: { title: 'Email Error', fallback: 'Failed to set email' },
  suspend: { title: 'Suspend Error', fallback: 'Failed to suspend user' },
  unsuspend: { title: 'Unsuspend Error', fallback: 'Failed to unsuspend user' },
  activity: { title: 'Activity Error', fallback: 'Failed to fetch activity' },
  recalculateUser: { title: 'Storage Error', fallback: 'Failed to recalculate user storage' },
  recalculateAll: { title: 'Storage Error', fallback: 'Failed to recalculate all storage' },
  announcement: { title: 'Guardian Announcement Error', fallback: 'Failed to send Guardian announcement' },
  guardianMessage: { title: 'Guardian Message Error', fallback: 'Failed to send Guardian message' },
  restartCoturn: { title: 'Failed to restart CoTurn server', fallback: 'Failed to restart CoTurn server' },
  cleanupVoice: { title: 'Failed to cleanup voice sessions', fallback: 'Failed to cleanup voice sessions' },
  debugVoice: { title: 'Failed to get debug info', fallback: 'Failed to get debug info' },
  updateVersion: { title: 'Failed to update app version', fallback: 'Failed to update app version' },
  invalidVersion: { title: 'Invalid Version', fallback: 'Please enter a valid version' },
  /* Not in the spec: the data reports' deletions. */
  deleteReport: { title: 'Failed to delete report', fallback: 'Failed to delete report' },
  deleteReports: { title: 'Failed to delete reports', fallback: 'Failed to delete reports' },
} as const satisfies Record<string, Failure>;

/** Spec 3 §8: list loads that say so when they fail (the others are silent). */
export const LOAD_FAILED = {
  storage: 'Failed to fetch storage data',
  system: 'Failed to fetch system resources',
  appVersion: 'Failed to fetch app version',
  /* Not in the spec. */
  users: 'Failed to fetch users',
  reports: 'Failed to fetch data reports',
  audit: 'Failed to fetch the audit log',
} as const;

/** Spec 3 §5 confirmations, then ours. */
export const CONFIRM_TEXT = {
  deleteUser: 'Are you sure you want to delete this user? This action cannot be undone.',
  recalculateAll: 'Are you sure you want to recalculate storage for all users? This may take a while.',
  deleteAllReports: 'Delete every data collection report? This cannot be undone.',
  restartCoturn: 'Restart the CoTurn server? Calls relayed through it may drop for a moment.',
  appVersion: (version: string) =>
    `Set the app version to ${version}? Everyone signed in will be told that a new version is available.`,
} as const;

export const SEARCH_USERS_PLACEHOLDER = 'Search users by name, ID, or role...';
export const SEARCH_STORAGE_PLACEHOLDER = 'Search storage by name, ID, or role...';
/** Spec 3 §3: what the activity dialog shows for a missing value. */
export const NOT_AVAILABLE = 'N/A';
/** While filtering, how many of all are shown (spec 3 §2). */
export const shownOf = (shown: number, total: number) => `${shown} of ${total}`;
export const appVersionUpdated = (version: string) => `App version updated to ${version}`;
