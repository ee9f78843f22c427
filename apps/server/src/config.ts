import { LIVE_IDLE_TIMEOUT_MS, RATE_LIMITS } from '@hearth/protocol';
import path from 'node:path';

export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimits {
  registerPerIp: RateLimitRule;
  loginPerIp: RateLimitRule;
  loginPerUsername: RateLimitRule;
  refreshPerIp: RateLimitRule;
  messagePerUser: RateLimitRule;
  writePerUser: RateLimitRule;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** 0: a free port chosen at each start, so several instances (and test runs) never collide. */
  embeddedPgPort: number;
  redisUrl: string | undefined;
  /** Prefix of every Redis key, so several instances (or tests) can share one Redis. */
  redisPrefix: string;
  webDist: string | undefined;
  accessTokenTtlSec: number;
  refreshTokenTtlDays: number;
  /** The gateway closes a connection that sends nothing for this long. */
  liveIdleTimeoutMs: number;
  /** Bytes queued for one socket before it is treated as a slow consumer and closed. */
  liveMaxBufferedBytes: number;
  rateLimits: RateLimits;
  trustProxy: boolean;
  logRequests: boolean;
}

/** The defaults are part of the documented interface, so they live in the protocol package. */
export const DEFAULT_RATE_LIMITS: RateLimits = Object.fromEntries(
  Object.entries(RATE_LIMITS).map(([name, { limit, windowMs }]) => [name, { limit, windowMs }]),
) as unknown as RateLimits;

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

/** Reads the environment. Every setting has a default so `npm start` needs none. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const scale = env.RATE_LIMIT_SCALE ? Number(env.RATE_LIMIT_SCALE) : 1;
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`RATE_LIMIT_SCALE must be a positive number, got "${env.RATE_LIMIT_SCALE}"`);
  const rateLimits = Object.fromEntries(
    Object.entries(DEFAULT_RATE_LIMITS).map(([k, r]) => [k, { ...r, limit: Math.ceil(r.limit * scale) }]),
  ) as unknown as RateLimits;
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? '0.0.0.0',
    // npm runs workspace scripts inside the workspace; relative paths mean the folder npm was started from.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    embeddedPgPort: int(env.EMBEDDED_PG_PORT, 0),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX ?? 'hearth:',
    webDist: env.WEB_DIST ?? path.resolve(import.meta.dirname, '../../web/dist'),
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL_SEC, 15 * 60),
    refreshTokenTtlDays: int(env.REFRESH_TOKEN_TTL_DAYS, 30),
    liveIdleTimeoutMs: int(env.LIVE_IDLE_TIMEOUT_MS, LIVE_IDLE_TIMEOUT_MS),
    liveMaxBufferedBytes: int(env.LIVE_MAX_BUFFERED_BYTES, 4 * 1024 * 1024),
    rateLimits,
    trustProxy: env.TRUST_PROXY === 'true',
    logRequests: env.LOG_REQUESTS === 'true',
  };
}
