/**
 * A line of good news for the login form, carried in the history entry of the address it is shown
 * at (`history.state`), so it needs no storage: the reset-password view returns to login with
 * 'Your password has been reset…'. Back and forward keep it with its entry; a new entry has none.
 */
export interface LoginNoticeState {
  loginNotice: string;
  /** The name to sign in with, filled in for the user (after a username change, the new one). */
  username?: string;
}

export const loginNoticeState = (text: string, username?: string): LoginNoticeState =>
  username ? { loginNotice: text, username } : { loginNotice: text };

/**
 * What the login form says after this tab signed the user out on purpose (spec 3 §4: a new username
 * or password, then logout after 2 s), so the user knows why and what to sign in with.
 */
export const LOGIN_NOTICE_TEXT = {
  usernameChanged: (username: string) => `Your username was changed to ${username}. Sign in with it.`,
  passwordChanged: 'Your password was changed. Sign in with your new password.',
} as const;

/** The notice a history entry's state carries, or null. */
export function readLoginNotice(state: unknown): string | null {
  const notice = (state as Partial<LoginNoticeState> | null)?.loginNotice;
  return typeof notice === 'string' && notice ? notice : null;
}

/** The username a notice's history entry carries, or ''. */
export function readNoticeUsername(state: unknown): string {
  const username = (state as Partial<LoginNoticeState> | null)?.username;
  return typeof username === 'string' ? username : '';
}

/** What the login form hands the forgot-password view: the name typed so far, so it need not be typed again. */
export interface ForgotPasswordState {
  identifier: string;
}

export function readForgotIdentifier(state: unknown): string {
  const identifier = (state as Partial<ForgotPasswordState> | null)?.identifier;
  return typeof identifier === 'string' ? identifier : '';
}
