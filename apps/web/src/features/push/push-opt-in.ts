/*
 * Whether a user turned push on in this browser. Kept per user: the browser's permission and its push
 * subscription outlive a sign-out, and are not the consent of whoever signs in next. A file of its own
 * so that signing in can ask without loading the push client.
 */

const optInKey = (userId: number) => `pushNotifications:${userId}`;

/** Where versions before the per-user key kept the opt-in, for the browser as a whole. */
const BROWSER_WIDE_KEY = 'pushNotifications';

export function pushOptedIn(userId: number): boolean {
  // An opt-in kept the old way was made by whoever used this browser then; the first user to sign in
  // since is taken to be them (on a browser of one's own, it is), and it becomes theirs.
  if (localStorage.getItem(BROWSER_WIDE_KEY) === 'true') setPushOptIn(userId, true);
  localStorage.removeItem(BROWSER_WIDE_KEY);
  return localStorage.getItem(optInKey(userId)) === 'true';
}

export function setPushOptIn(userId: number, on: boolean): void {
  localStorage.setItem(optInKey(userId), String(on));
}
