import type { SelfUser } from '@hearth/protocol';

const ACCESS_KEY = 'access_token';
const REFRESH_KEY = 'refresh_token';
const USER_KEY = 'current_user';
const SESSION_KEYS = [ACCESS_KEY, REFRESH_KEY, USER_KEY];
export const SESSION_EXPIRED_KEY = 'session_expired_reason';

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: SelfUser;
}

type Listener = () => void;

const sameSession = (a: Session | null, b: Session | null) =>
  a?.accessToken === b?.accessToken &&
  a?.refreshToken === b?.refreshToken &&
  JSON.stringify(a?.user) === JSON.stringify(b?.user);

/**
 * The signed-in session, kept in localStorage so a reload stays signed in; observable for React.
 * Tabs share it: when another tab rotates the tokens, signs in or signs out, this one follows.
 */
export class AuthStore {
  private session: Session | null;
  private listeners = new Set<Listener>();
  private ending = false;

  constructor(private storage: Storage = window.localStorage) {
    this.session = this.load();
    window.addEventListener('storage', (e) => {
      if (e.storageArea === this.storage && (e.key === null || SESSION_KEYS.includes(e.key))) this.reload();
    });
  }

  get(): Session | null {
    return this.session;
  }

  set(session: Session | null): void {
    this.session = session;
    this.ending = false;
    if (session) {
      this.storage.setItem(ACCESS_KEY, session.accessToken);
      this.storage.setItem(REFRESH_KEY, session.refreshToken);
      this.storage.setItem(USER_KEY, JSON.stringify(session.user));
    } else {
      for (const k of SESSION_KEYS) this.storage.removeItem(k);
    }
    this.notify();
  }

  /** Re-reads the session from storage (another tab may have changed it), notifying subscribers if it changed. */
  reload(): Session | null {
    const stored = this.load();
    if (!sameSession(stored, this.session)) {
      this.session = stored;
      this.notify();
    }
    return this.session;
  }

  /**
   * This tab signs out in a moment on purpose (signOutAfter in app/session.ts): the server has already
   * signed the device out, so a refused refresh meanwhile is expected, not an expired session. Until the
   * session changes.
   */
  markEnding(): void {
    if (this.session) this.ending = true;
  }

  get isEnding(): boolean {
    return this.ending;
  }

  updateTokens(accessToken: string, refreshToken: string): void {
    if (this.session) this.set({ ...this.session, accessToken, refreshToken });
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private notify(): void {
    for (const l of this.listeners) l();
  }

  private load(): Session | null {
    const accessToken = this.storage.getItem(ACCESS_KEY);
    const refreshToken = this.storage.getItem(REFRESH_KEY);
    const user = this.storage.getItem(USER_KEY);
    if (!accessToken || !refreshToken || !user) return null;
    try {
      return { accessToken, refreshToken, user: JSON.parse(user) as SelfUser };
    } catch {
      return null;
    }
  }
}
