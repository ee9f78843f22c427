import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { TEXT } from '@hearth/protocol';

/**
 * Fastify's answers to a URL its router refuses before any route or hook runs: a path parameter over
 * `maxParamLength` (414) or a path that does not decode (400). Its own answers echo the URL back in
 * `message` (a few kilobytes an attacker chose, reflected); ours are `{ detail }` like every other
 * error, without it.
 */
export function answerFrameworkError(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') void reply.code(414).send({ detail: TEXT.urlTooLong });
  else if (err.code === 'FST_ERR_BAD_URL') void reply.code(400).send({ detail: TEXT.urlMalformed });
  else void reply.code(err.statusCode ?? 500).send({ detail: err.statusCode === 500 ? TEXT.internal : err.message });
}
