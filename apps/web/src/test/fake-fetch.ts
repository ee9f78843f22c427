import { vi } from 'vitest';

/** What the fake server answers: a status and a JSON body (none: an empty response). */
export interface Reply {
  status: number;
  body?: unknown;
}

/** A request as fetch received it: the URL as the client built it (with its /api prefix) and the parsed JSON body. */
export interface Request {
  method: string;
  path: string;
  body: unknown;
  /** The request's headers, names in lower case (always set by stubFetch). */
  headers?: Record<string, string>;
}

/** Answers a request, or leaves it unanswered (a 404); a promise holds the request open until it settles. */
export type Answer = (req: Request) => Reply | undefined | Promise<Reply | undefined>;

const NOT_FOUND: Reply = { status: 404, body: { detail: 'Not found' } };

/** Replaces fetch with `answer` (the network is the only thing faked; the stub ends with the test). Returns the requests made, in order. */
export function stubFetch(answer: Answer): Request[] {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const headers = Object.fromEntries(new Headers(init.headers).entries());
      const req: Request = { method: init.method ?? 'GET', path: url, body, headers };
      requests.push(req);
      const reply = (await answer(req)) ?? NOT_FOUND;
      // No body at all rather than an empty one, which a 204 may not have.
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return requests;
}
