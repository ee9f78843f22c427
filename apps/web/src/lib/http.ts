import type { TokenPair } from '@hearth/protocol';
import type { AuthStore } from './auth-store';
import { fingerprintHeaders } from './device-fingerprint';
import { RequestThrottle } from './throttle';

/** A failed call: the status and the text to show (detail, else message, else status text, else 'HTTP {status}'). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The text is the server's own (its detail or message), not only the status: a form shows it rather than its fallback. */
    readonly fromServer = true,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Requests sharing a key share the 10-per-second throttle; defaults to 'METHOD path'. */
  key?: string;
  /** Sign-in calls must not try to refresh. */
  anonymous?: boolean;
  /** Extra request headers (sign-in sends the device fingerprint). */
  headers?: Record<string, string>;
}

function errorText(status: number, statusText: string, body: unknown): string {
  const b = body as { detail?: unknown; message?: unknown } | null;
  if (b && typeof b.detail === 'string') return b.detail;
  if (b && typeof b.message === 'string') return b.message;
  return statusText || `HTTP ${status}`;
}

/** The header's reason, URI-encoded by the server; null when absent (or, malformed, taken as it is). */
function decodeReason(header: string | null): string | null {
  if (header === null) return null;
  try {
    return decodeURIComponent(header);
  } catch {
    return header;
  }
}

/**
 * The REST client: sends the bearer token, refreshes it and retries once on a 401 or
 * 'Not authenticated', and throttles each request key.
 */
export class HttpClient {
  private refreshing: Promise<boolean> | null = null;
  private throttle = new RequestThrottle();

  constructor(
    private auth: AuthStore,
    private baseUrl = '/api',
    private onSessionLost: () => void = () => undefined,
    /**
     * Told after every call whether the server answered (any status) or the network failed, with
     * when the call was sent (Date.now()).
     */
    private onReach: (reached: boolean, sentAt: number) => void = () => undefined,
    /**
     * Told when the server refused the session's token because its account is suspended (403 with
     * `Hearth-Suspended-Reason`): the reason and the server's notice, as the live `suspended` says them.
     */
    private onSuspended: (reason: string, message: string) => void = () => undefined,
  ) {}

  get = <T>(path: string, opts: RequestOptions = {}) => this.request<T>('GET', path, opts);
  post = <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
    this.request<T>('POST', path, { ...opts, body });
  put = <T>(path: string, body?: unknown, opts: RequestOptions = {}) => this.request<T>('PUT', path, { ...opts, body });
  patch = <T>(path: string, body?: unknown, opts: RequestOptions = {}) =>
    this.request<T>('PATCH', path, { ...opts, body });
  delete = <T>(path: string, opts: RequestOptions = {}) => this.request<T>('DELETE', path, opts);

  async request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
    this.throttle.take(opts.key ?? `${method} ${path.split('?')[0]}`);
    const first = await this.send(method, path, opts);
    if (!opts.anonymous && first.suspendedReason !== null) {
      this.onSuspended(first.suspendedReason, errorText(first.status, first.statusText, first.body));
    }
    if (!opts.anonymous && this.needsRefresh(first.status, first.body) && (await this.refresh())) {
      return this.unwrap<T>(await this.send(method, path, opts));
    }
    return this.unwrap<T>(first);
  }

  /** Refreshes the tokens once even when many calls ask at the same moment; false when the session is gone. */
  refresh(): Promise<boolean> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<boolean> {
    // Another tab may already have rotated the refresh token: sending the old one would look like theft.
    const known = this.auth.get()?.refreshToken;
    const stored = this.auth.reload();
    if (!stored) return false;
    if (stored.refreshToken !== known) return true;
    // One tab refreshes at a time; a tab that waited re-checks what the other stored.
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? locks.request('hearth-refresh', () => this.refreshFrom(known)) : this.refreshFrom(known);
  }

  /** Asks the server for new tokens, unless storage no longer holds the refresh token `known`. */
  private async refreshFrom(known: string): Promise<boolean> {
    const session = this.auth.reload();
    if (!session) return false;
    if (session.refreshToken !== known) return true;
    try {
      const res = await this.send('POST', '/auth/refresh', {
        body: { refresh_token: known },
        headers: fingerprintHeaders(),
      });
      if (res.status !== 200) {
        if (res.status === 401) this.onSessionLost();
        return false;
      }
      const tokens = res.body as TokenPair;
      this.auth.updateTokens(tokens.access_token, tokens.refresh_token);
      return true;
    } catch {
      return false;
    }
  }

  private needsRefresh(status: number, body: unknown): boolean {
    return status === 401 || (body as { detail?: unknown } | null)?.detail === 'Not authenticated';
  }

  private async send(method: string, path: string, opts: RequestOptions) {
    const token = opts.anonymous ? null : this.auth.get()?.accessToken;
    // A form (a file upload) goes as multipart, its boundary set by the browser; anything else as JSON.
    const form = opts.body instanceof FormData;
    let res: Response;
    const sentAt = Date.now();
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(opts.body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...opts.headers,
        },
        body: form ? (opts.body as FormData) : opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      });
    } catch (err) {
      // fetch fails only when no answer came: no network, or nothing listening at the other end.
      this.onReach(false, sentAt);
      throw err;
    }
    this.onReach(true, sentAt);
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    const suspended = res.status === 403 ? res.headers.get('hearth-suspended-reason') : null;
    return { status: res.status, statusText: res.statusText, body, suspendedReason: decodeReason(suspended) };
  }

  private unwrap<T>(res: { status: number; statusText: string; body: unknown }): T {
    if (res.status >= 400) {
      const b = res.body as { detail?: unknown; message?: unknown } | null;
      const fromServer = typeof b?.detail === 'string' || typeof b?.message === 'string';
      throw new ApiError(res.status, errorText(res.status, res.statusText, res.body), fromServer);
    }
    return res.body as T;
  }
}
