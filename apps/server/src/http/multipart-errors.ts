/**
 * What the multipart parser (busboy, under @fastify/multipart) throws for a body that is not valid
 * multipart: no boundary, a boundary it cannot search for (empty, or over 256 characters), or a body
 * that ends in the middle of a part. They are plain Errors, told apart by their text only.
 */
const MALFORMED_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^The needle cannot/,
  /unexpected end of multipart data$/i,
];

/** Whether the error is the parser's refusal of a malformed multipart body (or one closed before its end). */
export function isMalformedMultipart(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if ((err as { code?: unknown }).code === 'FST_MP_PREMATURE_CLOSE') return true;
  return MALFORMED_MULTIPART.some((p) => p.test(err.message));
}
