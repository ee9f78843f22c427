import type { z } from 'zod';

/** The shape of an entry of the REST API catalogue (ENDPOINTS), and the rate limits routes and live frames count against. */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** none: no token; user: any signed-in user; admin: a signed-in ADMIN (others get 403). */
export type EndpointAuth = 'none' | 'user' | 'admin';

/** Default request limits (spec 1 §5); RATE_LIMIT_SCALE multiplies every limit. Over a limit: 429 with Retry-After. */
export const RATE_LIMITS = {
  registerPerIp: { limit: 20, windowMs: 60_000, per: 'IP address' },
  loginPerIp: { limit: 30, windowMs: 60_000, per: 'IP address' },
  loginPerUsername: { limit: 10, windowMs: 60_000, per: 'username and IP address' },
  refreshPerIp: { limit: 120, windowMs: 60_000, per: 'IP address' },
  messagePerUser: { limit: 50, windowMs: 10_000, per: 'user' },
  writePerUser: { limit: 120, windowMs: 60_000, per: 'user' },
  /** The GIF picker's provider calls: a third-party provider's quota is the whole instance's. */
  gifSearchPerUser: { limit: 60, windowMs: 60_000, per: 'user' },
  /** Each change mails a code to the new address: bounded, so an account cannot be used to mail anyone at will. */
  emailChangePerUser: { limit: 10, windowMs: 3_600_000, per: 'user' },
  verificationResendPerUser: { limit: 1, windowMs: 60_000, per: 'user' },
  forgotPasswordPerIp: { limit: 10, windowMs: 900_000, per: 'IP address' },
  /** Per identifier alone, so nobody's inbox can be flooded with reset mails from many addresses. */
  forgotPasswordPerIdentifier: { limit: 3, windowMs: 900_000, per: 'username or email address' },
  resetCodePerIp: { limit: 30, windowMs: 900_000, per: 'IP address' },
  resetCodePerIdentifier: { limit: 10, windowMs: 900_000, per: 'username or email address' },
  /**
   * WebRTC signals, live or REST: joining a full voice channel sends an offer or answer and a burst of
   * ICE candidates (a dozen or more) to every participant at once, so this allows a few such joins
   * in a window; flooding someone with 30 KB signals does not get far.
   */
  voiceSignalPerUser: { limit: 300, windowMs: 10_000, per: 'user' },
  /** Speaking detection flips at most a few times a second while someone talks. */
  voiceSpeakingPerUser: { limit: 100, windowMs: 10_000, per: 'user' },
  /** The client beats once a minute per visible tab (PRESENCE_HEARTBEAT_MS); this leaves room for many windows. */
  presenceHeartbeatPerUser: { limit: 30, windowMs: 60_000, per: 'user' },
  /** Live `typing_start` frames over all conversations: a client sends one per 8 s per conversation it types in. */
  typingPerUser: { limit: 20, windowMs: 10_000, per: 'user' },
  /** In one conversation, frames beyond this are dropped without an answer (counted by the typing service). */
  typingPerConversation: { limit: 1, windowMs: 2_000, per: 'user and conversation' },
  /** Images of link previews and linked GIFs: a page of history may show a few dozen at once. */
  mediaProxyPerIp: { limit: 600, windowMs: 60_000, per: 'IP address' },
  /** Each search reads the full-text index; a person searches and pages a few times a minute. */
  searchPerUser: { limit: 60, windowMs: 60_000, per: 'user' },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

export interface Endpoint {
  method: HttpMethod;
  /** Fastify-style path without the /api prefix, e.g. '/message/:id'. */
  path: string;
  /** Other paths the same handler is registered at. */
  aliases?: readonly string[];
  auth: EndpointAuth;
  /** Status of a successful answer. */
  status: 200 | 201 | 204;
  /** One line: what it does and the rules a caller must know. */
  summary: string;
  /** Rate limits the call counts against. */
  limits?: readonly RateLimitName[];
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON answer; undefined for 204. */
  answer?: z.ZodType;
}
