import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthStore } from './auth-store';
import { type ApiError, HttpClient } from './http';

const user = { id: 1, username: 'alice' } as any;
type Reply = { status: number; body?: unknown; statusText?: string };

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

  it('retries only once, and ends the session when the refresh is refused', async () => {
    const { http, lost } = client();
    replies.push({ status: 401, body: { detail: 'Not authenticated' } });
    replies.push({ status: 401, body: { detail: 'Invalid refresh token' } });
    await expect(http.get('/group')).rejects.toThrow('Not authenticated');
    expect(calls).toHaveLength(2);
    expect(lost).toHaveBeenCalled();
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

  it('throttles to 10 requests per second per request key', async () => {
    const { http } = client();
    for (let i = 0; i < 10; i++) await http.get('/group');
    await expect(http.get('/group')).rejects.toThrow('Rate limit exceeded for GET /group. Please try again later.');
    await expect(http.get('/channel/')).resolves.toBeDefined();
  });
});
