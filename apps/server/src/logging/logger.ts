import { pino, type Logger } from 'pino';

export type { Logger };

/** LOG_LEVEL's values: pino's levels, and silent. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * An error as a log line carries it: its kind, message, code and stack, and nothing else. pino's own
 * serializer copies every property, and a PostgreSQL error's `detail` and `where` can hold the values
 * of the row it refused (a message's text, say).
 */
function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const { code } = err as { code?: unknown };
  return { type: err.name, message: err.message, ...(code === undefined ? {} : { code }), stack: err.stack };
}

/**
 * The server's one logger: JSON lines on stdout (pino, which Fastify is built on, so requests and
 * the rest share it). Nothing logs a request's headers or body; the redaction below is the second
 * line of defence for a field someone adds to a log call later.
 */
export function createLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { err: serializeError, error: serializeError },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          '*.password',
          '*.token',
          '*.content',
          '*.body',
          'password',
          'token',
          'content',
          'body',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
