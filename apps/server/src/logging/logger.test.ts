import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger.js';

/** A logger at debug writing into an array, one parsed line each. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger('debug', out), lines };
}

describe('the logger', () => {
  it('redacts passwords, tokens, message text, bodies and credentials a log call might carry', () => {
    const { log, lines } = capture();
    log.info(
      {
        password: 'pw-1',
        token: 'tok-1',
        content: 'text-1',
        body: { anything: 'body-1' },
        req: { headers: { authorization: 'Bearer tok-2', cookie: 'c=tok-3' } },
        frame: { token: 'tok-4', content: 'text-2', password: 'pw-2' },
      },
      'careless',
    );
    const text = JSON.stringify(lines);
    for (const secret of ['pw-1', 'pw-2', 'tok-1', 'tok-2', 'tok-3', 'tok-4', 'text-1', 'text-2', 'body-1'])
      expect(text).not.toContain(secret);
    expect(lines[0]).toMatchObject({ msg: 'careless', password: '[redacted]', level: 30 });
  });

  it("keeps an error's kind, message, code and stack, and none of the row PostgreSQL refused", () => {
    const { log, lines } = capture();
    const err = Object.assign(new Error('new row violates check constraint'), {
      code: '23514',
      detail: 'Failing row contains (1, the text of a message).',
    });
    log.error({ err }, 'request failed');
    expect(lines[0]!.err).toMatchObject({ type: 'Error', message: err.message, code: '23514' });
    expect(JSON.stringify(lines)).not.toContain('the text of a message');
  });
});
