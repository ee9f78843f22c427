/**
 * A line of good news for the login form, carried in the history entry of the address it is shown
 * at (`history.state`), so it needs no storage: the reset-password view returns to login with
 * 'Your password has been reset…'. Back and forward keep it with its entry; a new entry has none.
 */
export interface LoginNoticeState {
  loginNotice: string;
}

export const loginNoticeState = (text: string): LoginNoticeState => ({ loginNotice: text });

/** The notice a history entry's state carries, or null. */
export function readLoginNotice(state: unknown): string | null {
  const notice = (state as Partial<LoginNoticeState> | null)?.loginNotice;
  return typeof notice === 'string' && notice ? notice : null;
}

/** What the login form hands the forgot-password view: the name typed so far, so it need not be typed again. */
export interface ForgotPasswordState {
  identifier: string;
}

export function readForgotIdentifier(state: unknown): string {
  const identifier = (state as Partial<ForgotPasswordState> | null)?.identifier;
  return typeof identifier === 'string' ? identifier : '';
}
