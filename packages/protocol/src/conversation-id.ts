/*
 * Direct-message conversation ids (spec 1 §3, spec 2 §7): a negative number derived from a hash of
 * the sorted pair of user ids, so a conversation needs no lookup to be named and never collides
 * with a channel id (always positive).
 *
 * The hash is a bijection, so two pairs never share an id: the pair is packed into 52 bits (26 bits
 * per user id: ids up to 67,108,863) and mixed by an invertible function over 52 bits (xor-shifts and
 * multiplications by odd constants modulo 2^52, each of which can be undone). The result is in
 * [1, 2^52 - 1] (a pair packs to at least 1, as the lower id is below the higher) and is negated, so
 * ids lie in [-(2^52 - 1), -1], all exact in a JavaScript number and in a PostgreSQL bigint.
 * conversationPair() inverts it, which is what the collision test checks.
 */

const BITS = 52n;
const MASK = (1n << BITS) - 1n;
const USER_BITS = 26n;
/** The largest user id a conversation can have (the project's own limit; documented in docs/). */
export const CONVERSATION_USER_ID_MAX = Number((1n << USER_BITS) - 1n);
const SHIFT = 26n;
const K1 = 0x9e3779b97f4a7n & MASK; // odd: invertible modulo 2^52
const K2 = 0xc2b2ae3d27d4dn & MASK; // odd

/** The inverse of an odd number modulo 2^52 (Newton's iteration doubles the correct bits each step). */
function inverse(k: bigint): bigint {
  let x = k;
  for (let i = 0; i < 6; i++) x = (x * (2n - k * x)) & MASK;
  return x;
}
const K1_INV = inverse(K1);
const K2_INV = inverse(K2);

const xorShift = (x: bigint) => x ^ (x >> SHIFT);

function mix(x: bigint): bigint {
  x = xorShift(x);
  x = (x * K1) & MASK;
  x = xorShift(x);
  x = (x * K2) & MASK;
  return xorShift(x);
}

function unmix(x: bigint): bigint {
  // An xor with a right shift of at least half the width is its own inverse.
  x = xorShift(x);
  x = (x * K2_INV) & MASK;
  x = xorShift(x);
  x = (x * K1_INV) & MASK;
  return xorShift(x);
}

const valid = (id: number) => Number.isSafeInteger(id) && id >= 1 && id <= CONVERSATION_USER_ID_MAX;

/** The conversation of two different users (either order); null when an id is out of range or they are the same. */
export function conversationIdOf(a: number, b: number): number | null {
  if (a === b || !valid(a) || !valid(b)) return null;
  const low = BigInt(Math.min(a, b));
  const high = BigInt(Math.max(a, b));
  const mixed = mix((low << USER_BITS) | high);
  // The pair packs to a non-zero value and mix is a bijection fixing 0, so the hash is never 0.
  return -Number(mixed);
}

/** The two user ids (lower first) a conversation id stands for, or null for an id no pair produces. */
export function conversationPair(id: number): [number, number] | null {
  if (!Number.isSafeInteger(id) || id >= 0 || -id > Number(MASK)) return null;
  const packed = unmix(BigInt(-id));
  const low = Number(packed >> USER_BITS);
  const high = Number(packed & ((1n << USER_BITS) - 1n));
  if (low < 1 || low >= high) return null;
  return [low, high];
}

export const isConversationId = (id: number) => id < 0;
