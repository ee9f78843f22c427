import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { currentRequestId, requestIdFor, withRequestId } from './request-id.js';

const request = (peer: string, id?: string) =>
  ({ socket: { remoteAddress: peer }, headers: id === undefined ? {} : { 'x-request-id': id } }) as IncomingMessage;

describe('request ids', () => {
  it('takes X-Request-Id only from a proxy TRUST_PROXY names, and only when it looks like an id', () => {
    expect(requestIdFor(request('127.0.0.1', 'from-nginx-1'), ['loopback'])).toBe('from-nginx-1');
    expect(requestIdFor(request('127.0.0.1', 'from-nginx-1'), true)).toBe('from-nginx-1');
    // A client's own, or a proxy's that is not trusted, or one that could fool a log reader: a new id.
    for (const [peer, trust, id] of [
      ['127.0.0.1', false, 'forged'],
      ['203.0.113.9', ['loopback'], 'forged'],
      ['127.0.0.1', ['loopback'], 'two words'],
      ['127.0.0.1', ['loopback'], 'x'.repeat(65)],
      ['127.0.0.1', ['loopback'], ''],
    ] as const) {
      const made = requestIdFor(request(peer, id), trust as false | string[]);
      expect(made).not.toBe(id);
      expect(made).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
    }
  });

  it('makes ids that differ, and follows the work they are given to, through awaits', async () => {
    const one = requestIdFor(request('127.0.0.1'), false);
    expect(requestIdFor(request('127.0.0.1'), false)).not.toBe(one);
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId(one, async () => {
      await new Promise((r) => setTimeout(r, 1));
      return currentRequestId();
    });
    expect(seen).toBe(one);
  });
});
