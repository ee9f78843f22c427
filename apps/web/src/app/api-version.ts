import { useSyncExternalStore } from 'react';

/**
 * The API version the client speaks (spec 3 §2 About → Developer Options → API Options, §4 'V2
 * warning', §5 'privacy and device features only on API v2'). The server only has v2: every route is
 * the same whichever is chosen. v1 is a compatibility mode of this client alone, which hides the
 * v2-only features behind the spec's 'V2 API Required' notices (see docs/decisions/api-versions.md).
 *
 * Everything is kept in this browser: the Developer Options switch, the API Options switch ('Show API
 * version selector on the login screen') and the version chosen there. The choice only counts while
 * the selector is shown (both switches on): turning either off is back to v2.
 */

export type ApiVersion = 'v1' | 'v2';
export const API_VERSIONS: readonly ApiVersion[] = ['v2', 'v1'];

/** localStorage keys (the spec names none). */
export const API_VERSION_KEYS = {
  developerOptions: 'developerOptions',
  showApiSelector: 'showApiVersionSelector',
  apiVersion: 'apiVersion',
} as const;

/** sessionStorage key: the V2 warning has been shown in this browser session. */
export const V2_WARNING_SHOWN_KEY = 'v2WarningShown';

/** The window event that shows the V2 warning (spec 3 §7 client window events). */
export const SHOW_V2_WARNING = 'showV2Warning';

export interface ApiVersionState {
  developerOptions: boolean;
  showApiSelector: boolean;
  /** What the login screen's selector says (v2 unless v1 was chosen). */
  chosen: ApiVersion;
  /** What the client speaks: the choice while the selector is shown, else v2. */
  effective: ApiVersion;
  /** The V2 warning is waiting to be shown in the signed-in shell. */
  v2WarningDue: boolean;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(storage: KeyValueStorage | null, key: string, value: string): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or refused: the change still holds for this visit.
  }
}

export class ApiVersionStore {
  private state: ApiVersionState;
  private listeners = new Set<() => void>();

  constructor(
    private local: KeyValueStorage | null = browserStorage('localStorage'),
    private session: KeyValueStorage | null = browserStorage('sessionStorage'),
  ) {
    this.state = this.fromStorage(false);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  get = (): ApiVersionState => this.state;

  /** True when the v2-only features may be shown. */
  isV2 = (): boolean => this.state.effective === 'v2';

  setDeveloperOptions(on: boolean): void {
    write(this.local, API_VERSION_KEYS.developerOptions, String(on));
    this.update();
  }

  setShowApiSelector(on: boolean): void {
    write(this.local, API_VERSION_KEYS.showApiSelector, String(on));
    this.update();
  }

  /** The login screen's selector. */
  choose(version: ApiVersion): void {
    write(this.local, API_VERSION_KEYS.apiVersion, version);
    this.update();
  }

  /**
   * A sign-in from the login screen: with the selector shown and v2 chosen, the V2 warning is due,
   * unless it was already shown in this browser session.
   */
  noteSignIn(): void {
    const s = this.state;
    const due = s.showApiSelector && s.chosen === 'v2' && read(this.session, V2_WARNING_SHOWN_KEY) !== 'true';
    if (due) this.update(true);
  }

  /** Shows the V2 warning now (the showV2Warning window event), once per browser session too. */
  requestV2Warning(): void {
    if (read(this.session, V2_WARNING_SHOWN_KEY) !== 'true') this.update(true);
  }

  /** The V2 warning was shown: not again in this browser session. */
  dismissV2Warning(): void {
    write(this.session, V2_WARNING_SHOWN_KEY, 'true');
    this.update(false);
  }

  /** Reads storage again (another tab changed it). */
  reload(): void {
    this.update();
  }

  private fromStorage(v2WarningDue: boolean): ApiVersionState {
    const developerOptions = read(this.local, API_VERSION_KEYS.developerOptions) === 'true';
    const showApiSelector = developerOptions && read(this.local, API_VERSION_KEYS.showApiSelector) === 'true';
    const chosen: ApiVersion = read(this.local, API_VERSION_KEYS.apiVersion) === 'v1' ? 'v1' : 'v2';
    return { developerOptions, showApiSelector, chosen, effective: showApiSelector ? chosen : 'v2', v2WarningDue };
  }

  private update(v2WarningDue = this.state.v2WarningDue): void {
    const next = this.fromStorage(v2WarningDue);
    const before = this.state;
    if ((Object.keys(next) as (keyof ApiVersionState)[]).every((key) => next[key] === before[key])) return;
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
}

/** The one store of this tab. */
export const apiVersion = new ApiVersionStore();

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(API_VERSION_KEYS) as string[]).includes(event.key)) apiVersion.reload();
  });
  window.addEventListener(SHOW_V2_WARNING, () => apiVersion.requestV2Warning());
}

/** The whole state (the About tab, the login screen). */
export function useApiVersionState(): ApiVersionState {
  return useSyncExternalStore(apiVersion.subscribe, apiVersion.get);
}

/** True when the v2-only features may be shown; what a feature reads. */
export function useIsApiV2(): boolean {
  return useSyncExternalStore(apiVersion.subscribe, apiVersion.isV2);
}
