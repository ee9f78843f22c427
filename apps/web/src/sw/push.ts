import { dmPath, placePath } from '../app/routes';
import { isAppNavigation } from './navigation';

/**
 * Push messages as the service worker reads them. The server sends JSON (the protocol's
 * `PushPayload`): `{ title, body, tag?, data?: { type, channelId?, groupId?, userId? } }`. Everything
 * here is plain data and string work, so the worker (which must not load the app, React least of
 * all) and the page's tests share it.
 */

export type PushKind = 'friends' | 'channel' | 'dm' | 'test';

/** Where a push leads, as the server sends it. */
export interface PushData {
  type: PushKind;
  channelId?: number;
  groupId?: number;
  userId?: number;
}

/**
 * Where a tapped notification leads, in the shape the page's `push:navigate` window event carries
 * (`useHomeEvents`): friends, a channel of a group, or the conversation with a user.
 */
export type PushTarget =
  { type: 'friends' } | { type: 'channel'; channelId: number; groupId: number } | { type: 'dm'; userId: number };

/** The message the worker posts to an open tab when its notification is clicked: `{ type, data: PushTarget }`. */
export const PUSH_NAVIGATE_MESSAGE = 'push:navigate';

export const NOTIFICATION_ICON = '/icons/icon-192.png';
/** The small monochrome mark of the status bar (Android draws its alpha only). */
export const NOTIFICATION_BADGE = '/icons/badge-96.png';
/** The title of a push that names none, or whose payload is not ours. */
const FALLBACK_TITLE = 'Hearth';

const KINDS: readonly string[] = ['friends', 'channel', 'dm', 'test'] satisfies PushKind[];

const id = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;

/** The push's `data`, keeping only what is well formed; null when it names no known kind. */
export function pushData(value: unknown): PushData | null {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.type !== 'string' || !KINDS.includes(raw.type)) return null;
  const data: PushData = { type: raw.type as PushKind };
  for (const key of ['channelId', 'groupId', 'userId'] as const) {
    const n = id(raw[key]);
    if (n !== undefined) data[key] = n;
  }
  return data;
}

/**
 * Where the data leads inside the app, or null for none (a test push, a channel without its group,
 * a conversation without its user): a click then only brings the app forward.
 */
export function pushTarget(data: PushData | null): PushTarget | null {
  if (!data) return null;
  if (data.type === 'friends') return { type: 'friends' };
  if (data.type === 'channel' && data.channelId !== undefined && data.groupId !== undefined)
    return { type: 'channel', channelId: data.channelId, groupId: data.groupId };
  if (data.type === 'dm' && data.userId !== undefined) return { type: 'dm', userId: data.userId };
  return null;
}

/**
 * The address a click opens when no tab of the app is open: home (where Friends is) for a friends
 * push and for anything without a place, the channel's address, or the conversation's.
 */
export function notificationUrl(target: PushTarget | null): string {
  if (target?.type === 'channel') return placePath({ groupId: target.groupId, channelId: target.channelId });
  if (target?.type === 'dm') return dmPath(target.userId);
  return '/';
}

export interface PushNotification {
  title: string;
  options: NotificationOptions & { data: PushData | null };
}

/**
 * The notification a push shows. Browsers require every push to show one (a silent push counts
 * against the site), so whatever arrives shows something: a payload that is not our JSON shows its
 * text under the app's name.
 */
export function notificationFromPush(text: string | null | undefined): PushNotification {
  let payload: unknown = null;
  try {
    payload = text ? JSON.parse(text) : null;
  } catch {
    payload = null;
  }
  const raw = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  const title = typeof raw?.title === 'string' && raw.title.trim() ? raw.title : FALLBACK_TITLE;
  const body = raw ? (typeof raw.body === 'string' ? raw.body : '') : (text ?? '');
  const options: PushNotification['options'] = {
    body,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    data: pushData(raw?.data),
  };
  if (typeof raw?.tag === 'string' && raw.tag) options.tag = raw.tag;
  return { title, options };
}

/** What the worker knows of an open window of this origin. */
export interface OpenWindow {
  url: string;
  focused: boolean;
  visibilityState: string;
}

/**
 * The open tab of Hearth a tapped notification should bring forward: the focused one, else a visible
 * one, else any. Only the app's own pages count: an attachment or a legal page opened in a tab of its
 * own is of this origin too, but has no app to take the `push:navigate` message.
 */
export function appWindowFor<T extends OpenWindow>(windows: readonly T[]): T | undefined {
  const app = windows.filter((w) => isAppNavigation(new URL(w.url).pathname));
  return app.find((w) => w.focused) ?? app.find((w) => w.visibilityState === 'visible') ?? app[0];
}
