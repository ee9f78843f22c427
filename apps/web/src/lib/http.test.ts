import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStore } from './auth-store';
import { type ApiError, HttpClient } from './http';

const user = { id: 1, username: 'alice' } as any;
type Reply = { status: number; body?: unknown; statusText?: string; headers?: Record<string, string> };

let replies: Reply[];
let calls: { url: string; init: RequestInit }[];

beforeEach(() => {
  replies = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const r = replies.shift() ?? { status: 200, body: {} };
      return new Response(r.body === undefined ? '' : JSON.stringify(r.body), {
        status: r.status,
        statusText: r.statusText ?? '',
        headers: r.headers,
      });
    }),
  );
});

const client = () => {
  const auth = new AuthStore(localStorage);
  auth.set({ accessToken: 'old', refreshToken: 'r1', user });
  const lost = vi.fn();
  return { auth, lost, http: new HttpClient(auth, '/api', lost) };
};

describe('HttpClient', () => {
  it('sends the bearer token and JSON', async () => {
    const { http } = client();
    replies.push({ status: 200, body: [1] });
    expect(await http.post('/x', { a: 1 })).toEqual([1]);
    expect(calls[0]!.url).toBe('/api/x');
    expect((calls[0]!.init.headers as any).authorization).toBe('Bearer old');
    expect(calls[0]!.init.body).toBe('{"a":1}');
  });

  it('refreshes the token and retries once on a 401', async () => {
    const { http, auth } = client();
    replies.push({ status: 401, body: { detail: 'Not authenticated' } });
    replies.push({ status: 200, body: { access_token: 'new', refresh_token: 'r2' } });
    replies.push({ status: 200, body: { ok: true } });
    expect(await http.get('/group')).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/group', '/api/auth/refresh', '/api/group']);
    expect((calls[2]!.init.headers as any).authorization).toBe('Bearer new');
    expect(auth.get()?.refreshToken).toBe('r2');
  });

  it('reports a suspension the server names, with its reason, and does not try to refresh', async () => {
    const auth = new AuthStore(localStorage);
    auth.set({ accessToken: 'old', refreshToken: 'r1', user });
    const suspended = vi.fn();
    const http = new HttpClient(auth, '/api', vi.fn(), undefined, suspended);
    const notice = 'You have been logged out because you were suspended for spam & links.';
    replies.push({
      status: 403,
      body: { detail: notice },
      headers: { 'Hearth-Suspended-Reason': encodeURIComponent('spam & links') },
    });
    await expect(http.get('/group')).rejects.toMatchObject({ status: 403, message: notice });
    expect(suspended).toHaveBeenCalledWith('spam & links', notice);
    expect(calls.map((c) => c.url)).toEqual(['/api/group']);
    // An ordinary 403 (no permission) is only an error.
    replies.push({ status: 403, body: { detail: 'Admin privileges required' } });
    await expect(http.get('/admin/users')).rejects.toMatchObject({ status: 403 });
    expect(suspended).toHaveBeenCalledTimes(1);
  });

  it('sends extra headers when asked, and the device fingerprint with a refresh', async () => {
    const { http } = client();
    localStorage.setItem('device_fingerprint', 'fp-this-browser');
    replies.push({ status: 200, body: {} });
    await http.post('/auth/login', {}, { anonymous: true, headers: { 'X-Device-Fingerprint': 'fp-1' } });
    expect((calls[0]!.init.headers as any)['X-Device-Fingerprint']).toBe('fp-1');
    replies.push({ status: 200, body: { access_token: 'new', refresh_token: 'r2' } });
    expect(await http.refresh()).toBe(true);
    expect(calls[1]!.url).toBe('/api/auth/refresh');
    expect((calls[1]!.init.headers as any)['X-Device-Fingerprint']).toBe('fp-this-browser');
  });

  it('retries only once, and ends the session when the refresh is refused', async () => {
    const { http, lost } = client();
    replies.push({ status: 401, body: { detail: 'Not authenticated' } });
    replies.push({ status: 401, body: { detail: 'Invalid refresh token' } });
    await expect(http.get('/group')).rejects.toThrow('Not authenticated');
    expect(calls).toHaveLength(2);
    expect(lost).toHaveBeenCalled();
  });

  it('uses the tokens another tab already rotated instead of sending the old refresh token', async () => {
    const tabA = client();
    const authB = new AuthStore(localStorage);
    const tabB = new HttpClient(authB, '/api', vi.fn());
    replies.push({ status: 200, body: { access_token: 'new', refresh_token: 'r2' } });
    expect(await tabA.http.refresh()).toBe(true);
    expect(authB.get()?.refreshToken).toBe('r1'); // tab B has not heard of the rotation yet

    replies.push({ status: 401, body: { detail: 'Not authenticated' } });
    replies.push({ status: 200, body: { ok: true } });
    expect(await tabB.get('/group')).toEqual({ ok: true });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/group', '/api/group']);
    expect((calls[2]!.init.headers as any).authorization).toBe('Bearer new');
    expect(authB.get()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('does not refresh once another tab has signed out', async () => {
    const { http, auth, lost } = client();
    localStorage.clear();
    expect(await http.refresh()).toBe(false);
    expect(calls).toHaveLength(0);
    expect(auth.get()).toBeNull();
    expect(lost).not.toHaveBeenCalled();
  });

  it('lets one tab refresh at a time: the tab that waited for the lock uses the tokens the other stored', async () => {
    // Web Locks stand-in: callbacks for one name run one after another.
    const requested: string[] = [];
    let tail: Promise<unknown> = Promise.resolve();
    const locks = {
      request: (name: string, callback: () => Promise<unknown>) => {
        requested.push(name);
        const run = tail.then(callback);
        tail = run.catch(() => undefined);
        return run;
      },
    };
    vi.stubGlobal('navigator', { locks });
    const tabA = client();
    const authB = new AuthStore(localStorage);
    const tabB = new HttpClient(authB, '/api', vi.fn());
    replies.push({ status: 200, body: { access_token: 'new', refresh_token: 'r2' } });

    expect(await Promise.all([tabA.http.refresh(), tabB.refresh()])).toEqual([true, true]);
    expect(requested).toEqual(['hearth-refresh', 'hearth-refresh']);
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/refresh']);
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ refresh_token: 'r1' });
    expect(authB.get()).toMatchObject({ accessToken: 'new', refreshToken: 'r2' });
  });

  it('takes the error text from detail, then message, then status text, then HTTP status', async () => {
    const { http } = client();
    replies.push({ status: 400, body: { detail: 'Name is required' } });
    replies.push({ status: 400, body: { message: 'from message' } });
    replies.push({ status: 502, statusText: 'Bad Gateway' });
    replies.push({ status: 503 });
    const texts = [];
    for (let i = 0; i < 4; i++) texts.push(await http.get(`/e${i}`).catch((e: ApiError) => `${e.status} ${e.message}`));
    expect(texts).toEqual(['400 Name is required', '400 from message', '502 Bad Gateway', '503 HTTP 503']);
  });

  it("says whether the error's text is the server's own or only its status", async () => {
    const { http } = client();
    replies.push({ status: 400, body: { detail: 'Name is required' } });
    replies.push({ status: 502, statusText: 'Bad Gateway' });
    const own = [];
    for (let i = 0; i < 2; i++) own.push(await http.get(`/e${i}`).catch((e: ApiError) => e.fromServer));
    expect(own).toEqual([true, false]);
  });

  it('tells whether each call reached the server: any answer did, a failed fetch did not', async () => {
    const auth = new AuthStore(localStorage);
    const reach = vi.fn();
    const http = new HttpClient(auth, '/api', undefined, reach);
    replies.push({ status: 500 });
    await expect(http.get('/a')).rejects.toThrow();
    vi.mocked(fetch).mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(http.get('/b')).rejects.toThrow('Failed to fetch');
    await http.get('/c');
    expect(reach.mock.calls.map(([reached]) => reached)).toEqual([true, false, true]);
    // Each dated by when it was sent, so an answer already on its way when the network failed is known as old.
    for (const [, sentAt] of reach.mock.calls) expect(sentAt).toBeTypeOf('number');
  });

  it('throttles to 10 requests per second per request key', async () => {
    const { http } = client();
    for (let i = 0; i < 10; i++) await http.get('/group');
    await expect(http.get('/group')).rejects.toThrow('Rate limit exceeded for GET /group. Please try again later.');
    await expect(http.get('/channel/')).resolves.toBeDefined();
  });
});
