import type { Config } from './config.js';
import type { Db } from './db/pool.js';
import type { TokenService } from './auth/tokens.js';
import type { EventLog } from './events/event-log.js';
import type { EphemeralBus } from './events/ephemeral.js';
import type { RateLimiter } from './ratelimit/limiter.js';
import type { FileStorage } from './storage/file-storage.js';
import type { FileUrls } from './uploads/file-urls.js';
import type { Mailer } from './mail/mailer.js';
import type { TurnRelay, TurnSetup } from './voice/turn.js';
import type { PushService } from './push/service.js';
import type { LinkPreviews } from './link-previews/link-previews.js';
import type { Metrics } from './metrics/metrics.js';
import type { Logger } from './logging/logger.js';

/** The shared services every feature receives. */
export interface AppContext {
  config: Config;
  db: Db;
  tokens: TokenService;
  events: EventLog;
  /** What reaches every node without a seq and is never replayed (typing indicators). */
  ephemeral: EphemeralBus;
  limiter: RateLimiter;
  /** Uploaded files (local disk under DATA_DIR/files by default). */
  storage: FileStorage;
  /** Signs and checks the addresses files are served at. */
  files: FileUrls;
  /** Outgoing mail: SMTP with SMTP_URL, else the log and the outbox. */
  mail: Mailer;
  /** Push notifications to users' browsers (Web Push) and Android app (FCM). */
  push: PushService;
  /** Link previews and the media proxy: the safe outside fetches and their caches. */
  previews: LinkPreviews;
  /** The TURN relay voice goes through (external or the server's own coturn); null: none, voice needs one. */
  turn?: TurnRelay | null;
  /** Where that relay comes from (the admin panel's CoTurn status and restart). */
  turnSetup?: TurnSetup;
  /** What /metrics reports. */
  metrics: Metrics;
  /** The server's JSON logger (the one Fastify logs requests with). */
  log: Logger;
  /** How many live connections this node's gateway holds (the admin panel's System tab). */
  liveConnections?: () => number;
}
