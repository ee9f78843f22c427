import type { AdminUser, UserActivity } from '@hearth/protocol';

/** Which of the Users tab's dialogs is open, and for whom. */
export type UserDialog =
  | { kind: 'email' | 'guardian' | 'suspend'; user: AdminUser }
  | { kind: 'activity'; user: AdminUser; activity: UserActivity };
