import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { storageFullText, TEXT } from '@hearth/protocol';
import { ZodError, type ZodType, type z } from 'zod';
import { StorageUnavailableError } from '../storage/unavailable.js';
import { isMalformedMultipart } from './multipart-errors.js';
import { isDatabaseUnreachable } from '../db/unreachable.js';

/** An error whose message is safe to show: it becomes a `{ detail }` answer with this status. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string) => new HttpError(400, detail);
export const unauthorized = (detail: string = TEXT.notAuthenticated) => new HttpError(401, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const notFound = (detail: string = TEXT.notFound) => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const tooManyRequests = (retryAfterMs: number) =>
  new HttpError(429, TEXT.rateLimited, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });

/** The not-found text of the parent a foreign key points at, by its column (`<table>_<column>_fkey`). */
const PARENT_NOT_FOUND: Record<string, string> = {
  group_id: TEXT.groupNotFound,
  category_id: TEXT.categoryNotFound,
  channel_id: TEXT.channelNotFound,
  message_id: TEXT.messageNotFound,
  user_id: TEXT.userNotFound,
  emoji_id: TEXT.emojiNotFound,
};

/**
 * A foreign-key violation (23503). Every foreign key in the schema cascades or sets null on delete,
 * so one can only mean that a write's parent (a channel, group, category, user) was deleted after
 * the service checked it: for the caller that parent is simply gone.
 */
function parentGone(constraint: unknown): HttpError {
  const column = /_([a-z]+_id)_fkey$/.exec(typeof constraint === 'string' ? constraint : '')?.[1];
  return notFound((column && PARENT_NOT_FOUND[column]) || TEXT.notFound);
}

/**
 * An error that should reach the client as a 4xx: our own, PostgreSQL refusing a value that passed
 * validation (a NUL character, or text that is not valid UTF-8), or a write whose parent vanished
 * meanwhile, or a malformed multipart body; or a 503 for a moment's trouble (two changes colliding, the
 * file storage out of reach). Anything else is a bug.
 */
export function asHttpError(err: unknown): HttpError | null {
  if (err instanceof HttpError) return err;
  if (isMalformedMultipart(err)) return badRequest(TEXT.uploadMalformed);
  const { code, constraint } = (err ?? {}) as { code?: unknown; constraint?: unknown };
  if (code === '22021' || code === '22P05') return badRequest('Text must not contain NUL or invalid characters');
  if (code === '23503') return parentGone(constraint);
  if (code === 'HS413') return new HttpError(413, storageFullText()); // charge_storage, migration 0023
  // Two transactions the database had to part (a deadlock, a serialization failure): this one's change
  // was not made, and the same request a moment later goes through.
  if (code === '40P01' || code === '40001') return new HttpError(503, TEXT.busyTryAgain, { 'retry-after': '1' });
  // PostgreSQL stopped or restarting: nothing was done, and the server carries on and reconnects by itself.
  if (isDatabaseUnreachable(err)) return new HttpError(503, TEXT.databaseUnavailable, { 'retry-after': '5' });
  // The S3 bucket out of reach is an outage, not a bug: the user is told to try again.
  if (err instanceof StorageUnavailableError)
    return new HttpError(503, TEXT.storageUnavailable, { 'retry-after': '5' });
  return null;
}

/** zod's own messages ("Invalid input: ...", "Too big: ...") do not say which field; ours do. */
const GENERIC_MESSAGE = /^(Invalid|Too (small|big)|Expected|Unrecognized)/;

/** The first issue's message; a generic one is prefixed by the field it is about. */
export function zodDetail(err: ZodError): string {
  const issue = err.issues[0];
  if (!issue) return 'Invalid input';
  const field = issue.path.join('.');
  const generic = GENERIC_MESSAGE.test(issue.message);
  // A field the schema gave its own text ('Reason cannot be empty') says it when missing too.
  if (issue.code === 'invalid_type' && issue.input === undefined && field && generic) return `${field} is required`;
  return field && generic ? `${field}: ${issue.message}` : issue.message;
}

/** Parses untrusted input with a protocol schema; failures become a 400 with the schema's text. */
export function parse<S extends ZodType>(schema: S, input: unknown): z.output<S> {
  // With the input on each issue, a value that is there but wrong (limit=ten) is not called missing.
  const result = schema.safeParse(input, { reportInput: true });
  if (!result.success) throw badRequest(zodDetail(result.error));
  return result.data;
}

/**
 * Every error becomes `{ detail }`: our own with their status, Fastify's 4xx as they are, the rest a
 * logged 500. A request refused because the database cannot be reached goes to `databaseUnreachable`
 * rather than to a warning of its own: during an outage every request would log one, with its stack.
 */
export function installErrorHandling(app: FastifyInstance, databaseUnreachable?: (err: unknown) => void): void {
  app.setErrorHandler((err: FastifyError | HttpError | ZodError, request, reply) => {
    const known = asHttpError(err);
    if (known) {
      if (databaseUnreachable && known.status === 503 && isDatabaseUnreachable(err)) databaseUnreachable(err);
      else if (known.status >= 500) request.log.warn({ err }, 'request answered %d', known.status);
      return answer(reply.headers(known.headers), known.status, known.message);
    }
    if (err instanceof ZodError) return answer(reply, 400, zodDetail(err));
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = (err as FastifyError).code;
      const detail =
        code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? TEXT.invalidJson
          : code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? TEXT.bodyTooLarge
            : err.message;
      return answer(reply, status, detail);
    }
    // The route's pattern, not the URL: a query can hold a signed address or a reset link's token.
    request.log.error({ err, route: request.routeOptions.url ?? null }, 'request failed');
    return answer(reply, 500, TEXT.internal);
  });
}

/**
 * What an answer sets before it streams its body (a file's caching and naming, the compression of
 * the stream), and an error sent in its place must not keep.
 */
const STREAM_HEADERS = [
  'cache-control',
  'etag',
  'content-disposition',
  'accept-ranges',
  'last-modified',
  'content-encoding',
];

/**
 * An error's `{ detail }`, serialised here. A file route may fail after it has set the file's headers
 * (its store breaking off while the answer is about to start): the error must not be cached as the
 * file would be (`immutable`) nor claim the stream's compression, and Fastify, on that path, would
 * refuse an object body as the payload of a picture. Content-Range stays: a 416 names the file's size.
 */
function answer(reply: FastifyReply, status: number, detail: string): FastifyReply {
  for (const name of STREAM_HEADERS) reply.removeHeader(name);
  return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ detail }));
}
