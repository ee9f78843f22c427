import { describe, expect, it } from 'vitest';
import { TEXT } from '@hearth/protocol';
import { asHttpError } from './errors.js';

describe('database errors a request can meet', () => {
  it('answers a deadlock or a serialization failure with 503 and a retry, not a 500', () => {
    for (const code of ['40P01', '40001']) {
      const answer = asHttpError(Object.assign(new Error('deadlock detected'), { code }));
      expect(answer).toMatchObject({ status: 503, message: TEXT.busyTryAgain, headers: { 'retry-after': '1' } });
    }
  });

  it('leaves other database errors to the 500 handler', () => {
    expect(asHttpError(Object.assign(new Error('boom'), { code: '42P01' }))).toBeNull();
  });
});
