/*
 * Whether a user turned push on in this browser. Kept per user: the browser's permission and its push
 * subscription outlive a sign-out, and are not the consent of whoever signs in next. A file of its own
 * so that signing in can ask without loading the push client.
 */

const optInKey = (userId: number) => `pushNotifications:${userId}`;

export const pushOptedIn = (userId: number): boolean => localStorage.getItem(optInKey(userId)) === 'true';

export function setPushOptIn(userId: number, on: boolean): void {
  localStorage.setItem(optInKey(userId), String(on));
}
