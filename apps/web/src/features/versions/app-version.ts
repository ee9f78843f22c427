import { version } from '../../../package.json';

/** The version of this client, as built (spec 3 §9: the embedded app version). */
export const RUNNING_VERSION: string = version;

/** Where this browser keeps the last version it welcomed, and an update it was told to stop offering. */
export const LAST_SEEN_KEY = 'lastSeenVersion';
export const DISMISSED_UPDATE_KEY = 'dismissedUpdateVersion';

/**
 * Whether to show the new-version screen (spec 3 §4): the running version differs from the last one
 * this browser saw. A browser that has seen none (a first visit) has nothing new to be told about:
 * it just remembers this version.
 */
export function shouldWelcome(lastSeen: string | null, running: string = RUNNING_VERSION): boolean {
  return lastSeen !== null && lastSeen !== running;
}

/** Whether to offer the update (spec 1 §2): the server names a newer client that was not dismissed. */
export function shouldOfferUpdate(
  latest: string | null | undefined,
  dismissed: string | null,
  running: string = RUNNING_VERSION,
): boolean {
  return !!latest && latest !== running && latest !== dismissed;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the screen comes back next time, nothing worse.
  }
}

export const lastSeenVersion = () => read(LAST_SEEN_KEY);
export const rememberSeen = (v: string = RUNNING_VERSION) => write(LAST_SEEN_KEY, v);
export const dismissedUpdate = () => read(DISMISSED_UPDATE_KEY);
export const dismissUpdate = (v: string) => write(DISMISSED_UPDATE_KEY, v);
