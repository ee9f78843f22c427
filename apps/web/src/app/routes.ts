/** Where in the chat the user is: a group and a channel of it, a group's channel list, or home. */
export interface Place {
  groupId: number | null;
  channelId: number | null;
}

export const HOME: Place = { groupId: null, channelId: null };

/**
 * The address of a place, so each channel has its own shareable link: `/channels/{groupId}/{channelId}`,
 * `/channels/{groupId}` for a group whose channel list is open with no channel chosen, and `/` for
 * home with no channel selected (spec 3 §2).
 */
export function placePath({ groupId, channelId }: Place): string {
  if (groupId === null) return '/';
  return channelId === null ? `/channels/${groupId}` : `/channels/${groupId}/${channelId}`;
}

const ID = '([1-9][0-9]{0,15})';
const CHANNELS = new RegExp(`^/channels/${ID}(?:/${ID})?/?$`);

/** The place an address shows, or null for an address that is not a place in the chat (a page, or unknown). */
export function placeFromPath(path: string): Place | null {
  if (path === '/' || path === '') return HOME;
  const match = CHANNELS.exec(path);
  if (!match) return null;
  return { groupId: Number(match[1]), channelId: match[2] === undefined ? null : Number(match[2]) };
}

/**
 * Pages of their own over the shell; the channel sidebar keeps showing where the user last was.
 * Settings has deeper addresses too (a settings link's tab and section, spec 1 §2). A direct message
 * is such a page too: `/dm/{userId}`, the conversation with that user.
 */
export const isPagePath = (path: string) =>
  path === '/settings' ||
  path.startsWith('/settings/') ||
  path === '/admin' ||
  path.startsWith('/profile/') ||
  DM_PATH.test(path);

const DM_PATH = /^\/dm\/[1-9][0-9]{0,15}\/?$/;

/** The address of the conversation with a user. */
export const dmPath = (userId: number) => `/dm/${userId}`;

/** The user whose conversation an address shows, or null. */
export function dmUserFromPath(path: string): number | null {
  return DM_PATH.test(path) ? Number(path.split('/')[2]) : null;
}

export const samePlace = (a: Place, b: Place) => a.groupId === b.groupId && a.channelId === b.channelId;

/**
 * The views before signing in that have addresses of their own (spec 3 §2): the login form links to
 * forgot-password, and the mails of a password reset link to reset-password (with a token) or to
 * email-verification (with the identifier and a code). They show whether or not someone is signed in
 * in this browser, so a link opened from a mail is never lost.
 */
export const PRE_SIGN_IN_VIEWS = ['forgot-password', 'email-verification', 'reset-password'] as const;
export type PreSignInView = (typeof PRE_SIGN_IN_VIEWS)[number];

/** The pre-sign-in view an address shows ('/reset-password', '/reset-password/'), or null. */
export function preSignInView(path: string): PreSignInView | null {
  const name = path.replace(/^\/|\/$/g, '');
  return (PRE_SIGN_IN_VIEWS as readonly string[]).includes(name) ? (name as PreSignInView) : null;
}
