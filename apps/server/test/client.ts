import type { AuthAnswer } from '@hearth/protocol';
import WebSocket from 'ws';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A small REST client for tests: JSON in, JSON out, bearer token optional. */
export class Api {
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    // A form (multipart upload) is sent as it is, with the boundary fetch gives it.
    const form = body instanceof FormData;
    const res = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: {
        ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : form || typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
  }

  get = <T = any>(path: string, token?: string) => this.request<T>('GET', path, undefined, token);
  post = <T = any>(path: string, body: unknown, token?: string) => this.request<T>('POST', path, body, token);
  put = <T = any>(path: string, body: unknown, token?: string) => this.request<T>('PUT', path, body, token);
  patch = <T = any>(path: string, body: unknown, token?: string) => this.request<T>('PATCH', path, body, token);
  delete = <T = any>(path: string, token?: string) => this.request<T>('DELETE', path, undefined, token);

  /** Registers a user and returns the tokens and profile; fails the test on anything but 201. */
  async register(username: string, password = 'secret1'): Promise<AuthAnswer & { token: string }> {
    const res = await this.post<AuthAnswer>('/auth/register', { username, password });
    if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${JSON.stringify(res.body)}`);
    return { ...res.body, token: res.body.access_token };
  }

  /** A new user under a unique name made from prefix, as the tests that only need who and a token use it. */
  async person(prefix: string): Promise<Person> {
    const r = await this.register(uniqueName(prefix));
    return { token: r.token, id: r.user.id, username: r.user.username };
  }
}

export interface Person {
  token: string;
  id: number;
  username: string;
}

let counter = 0;
/** A username that is unique within the test run. */
export const uniqueName = (prefix = 'u') => `${prefix}${process.pid % 1000}_${++counter}`.slice(0, 20);

export interface Frame {
  type: string;
  seq: number | null;
  data: any;
}

/** A live connection that records every frame, with helpers to wait for one. */
export class LiveClient {
  frames: Frame[] = [];
  closed: { code: number; reason: string } | null = null;
  private waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.frames.push(JSON.parse(raw.toString()) as Frame);
      this.notify();
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.notify();
    });
  }

  /** Opens a connection; `headers` go with the upgrade request (e.g. X-Forwarded-For, as a proxy would add). */
  static async connect(baseUrl: string, headers: Record<string, string> = {}): Promise<LiveClient> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new LiveClient(socket);
  }

  /** Connects and authenticates; resolves with the ready frame. */
  static async authed(baseUrl: string, token: string): Promise<LiveClient> {
    const client = await LiveClient.connect(baseUrl);
    client.send({ type: 'auth', token });
    await client.waitFor((f) => f.type === 'ready');
    return client;
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Resolves with the first recorded frame matching, waiting up to timeoutMs for it. */
  async waitFor(match: (f: Frame) => boolean, timeoutMs = 5_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found) return found;
      if (this.closed) throw new Error(`socket closed (${this.closed.code}) while waiting`);
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`timed out waiting for a frame; got ${JSON.stringify(this.frames.map((f) => f.type))}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async waitForClose(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('socket did not close');
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.closed;
  }

  /** Frames of the given type, in arrival order. */
  ofType(type: string): Frame[] {
    return this.frames.filter((f) => f.type === type);
  }

  close(): void {
    this.socket.close();
  }

  private notify() {
    const w = this.waiters;
    this.waiters = [];
    for (const fn of w) fn();
  }
}
