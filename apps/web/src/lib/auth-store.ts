import type { SelfUser } from '@hearth/protocol';

const ACCESS_KEY = 'access_token';
const REFRESH_KEY = 'refresh_token';
const USER_KEY = 'current_user';
export const SESSION_EXPIRED_KEY = 'session_expired_reason';

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: SelfUser;
}

type Listener = () => void;

/** The signed-in session, kept in localStorage so a reload stays signed in; observable for React. */
export class AuthStore {
  private session: Session | null;
  private listeners = new Set<Listener>();

  constructor(private storage: Storage = window.localStorage) {
    this.session = this.load();
  }

  get(): Session | null {
    return this.session;
  }

  set(session: Session | null): void {
    this.session = session;
    if (session) {
      this.storage.setItem(ACCESS_KEY, session.accessToken);
      this.storage.setItem(REFRESH_KEY, session.refreshToken);
      this.storage.setItem(USER_KEY, JSON.stringify(session.user));
    } else {
      for (const k of [ACCESS_KEY, REFRESH_KEY, USER_KEY]) this.storage.removeItem(k);
    }
    for (const l of this.listeners) l();
  }

  updateTokens(accessToken: string, refreshToken: string): void {
    if (this.session) this.set({ ...this.session, accessToken, refreshToken });
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

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
