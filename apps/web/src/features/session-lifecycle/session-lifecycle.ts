import { SESSION_EXPIRED_KEY, type AuthStore } from '../../lib/auth-store';
import type { LoginNoticeState } from '../auth/login-notice';
import type { Ending, NoticeContent } from './endings';
import { storedEnding } from './endings';
import { clearStoredNotices, readStoredNotice, STORED_NOTICE_KEYS, storeNotice } from './stored-notices';

/** The overlay being shown, with the moment the session ends (for its countdown). */
export interface Notice extends NoticeContent {
  endsAt: number;
}

export interface SessionLifecycleDeps {
  auth: AuthStore;
  /** The live connection: stopped for good when the session starts ending. */
  live: { terminate(): void };
  /** Signs the device out on the server (POST /auth/logout), for endings the server did not start. */
  logout: (refreshToken: string) => Promise<unknown>;
  storage?: Storage;
  now?: () => number;
}

/**
 * The one way a session ends after a delay (spec 3 §4): suspended (8 s), terminated (5 s), device
 * revoked (2 s), FINAL BREACH (20 s), a stored suspension found on load (10 s), and the quiet sign-out
 * after a new username or password (2 s). Ending stores the reason for the login form, stops the
 * session checks (the live connection, and a refused request or refresh no longer ends the session
 * early as 'expired': AuthStore.markEnding), shows the overlay, and signs out when the time is up.
 *
 * Two endings at once keep the earlier deadline; an overlay is replaced only when the one shown was
 * found in storage (the live event says more). Whenever the session ends, by this or otherwise, the
 * pending sign-out is dropped (it can never end the next session) and the stored notices go.
 *
 * The spec reloads the page after signing out; here the session-end handler (createServices) clears
 * what a reload would, so the login form follows at once without fetching the app again.
 *
 * React reads the overlay through subscribe/current.
 */
export class SessionLifecycle {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private endsAt = Infinity;
  private logoutOnServer = false;
  private loginNotice: LoginNoticeState | null = null;
  private notice: Notice | null = null;
  private listeners = new Set<() => void>();
  private storage: Storage;
  private now: () => number;

  constructor(private deps: SessionLifecycleDeps) {
    this.storage = deps.storage ?? window.localStorage;
    this.now = deps.now ?? (() => Date.now());
    deps.auth.subscribe(() => this.onSessionChange());
    // Spec 3 §4 polls the stored reason every second so that what one tab stored, the others show; the
    // storage event says the same at once, without a timer.
    window.addEventListener('storage', (e) => {
      if (e.storageArea === this.storage && (e.key === null || STORED_NOTICE_KEYS.includes(e.key))) this.resumeStored();
    });
    this.resumeStored();
  }

  current = (): Notice | null => this.notice;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** True while a sign-out is pending. */
  get isEnding(): boolean {
    return this.timer !== null;
  }

  /** Starts ending the session (nothing when signed out). */
  end(ending: Ending): void {
    const { auth, live } = this.deps;
    if (!auth.get()) return;
    if (ending.reason) this.storage.setItem(SESSION_EXPIRED_KEY, ending.reason);
    if (ending.remember) storeNotice(this.storage, ending.remember);
    auth.markEnding();
    live.terminate();
    if (ending.logoutOnServer) this.logoutOnServer = true;
    if (ending.loginNotice) this.loginNotice = ending.loginNotice;
    const endsAt = this.now() + ending.delayMs;
    if (this.timer === null || endsAt < this.endsAt) {
      if (this.timer !== null) clearTimeout(this.timer);
      this.endsAt = endsAt;
      this.timer = setTimeout(() => this.signOutNow(), ending.delayMs);
    }
    const replace = ending.notice && (this.notice === null || this.notice.kind === 'suspended');
    const content = replace ? ending.notice : this.notice;
    this.notice = content ? { ...content, endsAt: this.endsAt } : null;
    this.notify();
  }

  /** Signs out at once (the overlay's Log Out Now, or the time is up). */
  signOutNow(): void {
    const { auth, logout } = this.deps;
    const serverToo = this.logoutOnServer;
    const notice = this.loginNotice;
    // The newest tokens: another tab may have rotated them meanwhile.
    const session = auth.reload();
    // Ending the session resets everything here (onSessionChange).
    if (session) auth.set(null);
    else this.reset();
    // The login form at / says why (its history entry carries the notice, as after a password reset).
    if (notice) window.history.replaceState(notice, '', '/');
    if (session && serverToo) void logout(session.refreshToken).catch(() => undefined);
  }

  /** A suspension or termination stored by another tab, or before a reload, ends this session too. */
  private resumeStored(): void {
    if (!this.deps.auth.get()) return;
    const stored = readStoredNotice(this.storage);
    if (stored) this.end(storedEnding(stored));
  }

  private onSessionChange(): void {
    const { auth } = this.deps;
    if (auth.get()) {
      // New tokens (a refresh) clear the mark; the session is still on its way out.
      if (this.timer !== null) auth.markEnding();
      return;
    }
    // Signed out, however it happened: spec 3 §4, logout clears the stored suspension and termination.
    clearStoredNotices(this.storage);
    this.reset();
  }

  private reset(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.endsAt = Infinity;
    this.logoutOnServer = false;
    this.loginNotice = null;
    if (this.notice === null) return;
    this.notice = null;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
