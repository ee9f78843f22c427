import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import type { TokenService } from './auth/tokens.js';
import type { EventLog } from './events/event-log.js';
import type { RateLimiter } from './ratelimit/limiter.js';

/** The shared services every feature receives. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  events: EventLog;
  limiter: RateLimiter;
}
