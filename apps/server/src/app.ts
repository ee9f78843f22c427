import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { createPool, createProbePool, UNBOUNDED } from './db/pool.js';
import { DatabaseOutage } from './db/outage.js';
import { startEmbeddedPostgres, type EmbeddedDb } from './db/embedded/index.js';
import { migrate } from './db/migrate.js';
import { TokenService } from './auth/tokens.js';
import { MemoryEventLog } from './events/memory-log.js';
import { RedisEventLog } from './events/redis-log.js';
import type { EventLog } from './events/event-log.js';
import { MemoryEphemeralBus, RedisEphemeralBus, type EphemeralBus } from './events/ephemeral.js';
import { MemoryRateLimiter, RedisRateLimiter, type RateLimiter } from './ratelimit/limiter.js';
import { Gateway } from './gateway/gateway.js';
import { MemorySessionStore, RedisSessionStore, type SessionStore } from './gateway/session-store.js';
import { installErrorHandling } from './http/errors.js';
import { capSocketsPerAddress, httpServerLimits } from './http/server-limits.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { compressAnswers } from './http/compression.js';
import { serveWebClient } from './http/web-client.js';
import { authRoutes } from './auth/routes.js';
import { groupRoutes } from './groups/routes.js';
import { groupIconRoutes } from './groups/icon-routes.js';
import { messageRoutes } from './messages/routes.js';
import { reactionRoutes } from './reactions/routes.js';
import { pinRoutes } from './pins/routes.js';
import { mentionRoutes } from './mentions/routes.js';
import { readStatusRoutes } from './read-status/routes.js';
import { uploadRoutes } from './uploads/routes.js';
import { guardianRoutes } from './guardian/routes.js';
import { notificationPrefRoutes } from './notification-prefs/routes.js';
import { friendRoutes } from './friends/routes.js';
import { directMessageRoutes } from './direct-messages/routes.js';
import { profileRoutes } from './profiles/routes.js';
import { emojiRoutes } from './emoji/routes.js';
import { gifRoutes } from './gifs/routes.js';
import { memberRoutes } from './members/routes.js';
import { PresenceTracker } from './presence/tracker.js';
import { presenceRoutes } from './presence/routes.js';
import { startUploadHousekeeping } from './uploads/housekeeping.js';
import { FileUrls } from './uploads/file-urls.js';
import { openStorage } from './storage/create-storage.js';
import { openTurnRelay } from './voice/turn.js';
import { turnserverForStart } from './voice/turnserver.js';
import { startSeatSweep } from './voice/seat-sweep.js';
import { versionRoutes } from './versions/routes.js';
import { privacyReportRoutes } from './privacy-reports/routes.js';
import { voiceRoutes } from './voice/routes.js';
import { searchRoutes } from './search/routes.js';
import { startCallSweep, voiceUsersGone } from './voice/cleanup.js';
import { Mailer } from './mail/mailer.js';
import { mailRoutes } from './mail/routes.js';
import { PushService } from './push/service.js';
import { pushRoutes } from './push/routes.js';
import { accountRoutes } from './account/routes.js';
import { LinkPreviews } from './link-previews/link-previews.js';
import { linkPreviewRoutes } from './link-previews/routes.js';
import { answerFrameworkError } from './http/framework-errors.js';
import { limitRoutes } from './ratelimit/route-limits.js';
import { gateAdminRoutes } from './admin/admin-gate.js';
import { adminUserRoutes } from './admin/users-routes.js';
import { adminAuditRoutes } from './admin/audit-routes.js';
import { adminPanelRoutes } from './admin/panel-routes.js';
import { createLogger, type Logger } from './logging/logger.js';
import { installRequestLogging } from './logging/request-logging.js';
import { requestIdFor } from './logging/request-id.js';
import { healthRoutes } from './health/routes.js';
import { HttpDrain } from './shutdown/drain.js';
import { DatabaseGapLedger } from './events/gap-ledger.js';
import { reportRedisOutages } from './faults/redis-outage-report.js';
import { Metrics } from './metrics/metrics.js';
import { metricsRoutes } from './metrics/routes.js';
import { countRequests, countPublished, watchGauges } from './metrics/instrument.js';
import { CountedStorage } from './metrics/counted-storage.js';

export interface RunningApp {
  http: FastifyInstance;
  ctx: AppContext;
  gateway: Gateway;
  /** The address the server listens on, e.g. http://127.0.0.1:8080 */
  url: string;
  /** Which database it uses, for the start-up line: the embedded one's folder and port, or 'external'. */
  database: string;
  /** Resolves with a reason if something the server cannot run without stops under it (the embedded PostgreSQL). */
  failed: Promise<string>;
  /**
   * The drain before a restart (SIGTERM): `/readyz` answers 503, no new connection is accepted, the
   * live connections are closed with 4012 (their sessions saved for a resume elsewhere), and it
   * resolves once the requests in flight are answered and the HTTP sockets are gone, or at
   * `deadline` (a Date.now() time). close() then stops the rest.
   */
  drain(deadline: number): Promise<void>;
  close(): Promise<void>;
}

/** Largest JSON body accepted, in bytes (a 4000-character message is far below this). */
const BODY_LIMIT = 256 * 1024;

/**
 * Starts everything the server needs: database, event bus, HTTP API, live gateway and web client.
 * `log` is the JSON logger, made from the config's LOG_LEVEL unless the caller made it already.
 */
export async function startApp(config: Config, log: Logger = createLogger(config.logLevel)): Promise<RunningApp> {
  const cleanups: (() => Promise<unknown>)[] = [];
  // Stops everything, last started first; every part is stopped even if one fails, and then the
  // failure is reported (the process's exit status depends on it). Closing twice closes once.
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      let failed = 0;
      for (const fn of [...cleanups].reverse())
        await fn().catch((err) => {
          failed++;
          console.error('[shutdown]', err);
        });
      if (failed) throw new Error(`${failed} part(s) of the server did not stop cleanly`);
    })());
  try {
    // First: installing coturn (when it is missing and may be) takes a while and blocks, and nothing
    // else has started yet to be held up by it.
    const turnserver = !config.turnSecret && config.localCoturn ? turnserverForStart(config) : undefined;
    // Before the database: an S3 bucket that cannot be reached stops the start at once, saying why.
    const files = await openStorage(config);
    cleanups.push(async () => files.close());
    let embedded: EmbeddedDb | undefined;
    if (!config.databaseUrl) {
      embedded = await startEmbeddedPostgres(config.dataDir, config.embeddedPgPort);
      cleanups.push(() => embedded!.stop());
    }
    const db = createPool(config.databaseUrl ?? embedded!.url);
    cleanups.push(() => db.end());
    const probeDb = createProbePool(config.databaseUrl ?? embedded!.url);
    cleanups.push(() => probeDb.end());
    const databaseOutage = new DatabaseOutage(probeDb);
    cleanups.push(async () => databaseOutage.stop());
    // On a pool of its own without the serving bounds: a migration may wait for another node's to
    // finish, or rewrite a large table.
    const migrator = createPool(config.databaseUrl ?? embedded!.url, UNBOUNDED);
    await migrate(migrator).finally(() => migrator.end());

    let events: EventLog;
    let ephemeral: EphemeralBus;
    let limiter: RateLimiter;
    let store: SessionStore;
    let redis: Redis | undefined;
    if (config.redisUrl) {
      redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
      // ioredis reports every failed reconnection attempt: said once for the outage, and counted.
      const redisOutage = reportRedisOutages(redis);
      cleanups.push(async () => redis!.disconnect());
      const log = await RedisEventLog.open(redis, config.redisPrefix, new DatabaseGapLedger(db));
      cleanups.push(() => log.close());
      events = log;
      const bus = await RedisEphemeralBus.open(redis, config.redisPrefix, (err) => redisOutage.failed(err.message));
      cleanups.push(() => bus.close());
      ephemeral = bus;
      limiter = new RedisRateLimiter(redis, config.redisPrefix);
      store = new RedisSessionStore(redis, config.redisPrefix);
    } else {
      events = new MemoryEventLog();
      ephemeral = new MemoryEphemeralBus();
      limiter = new MemoryRateLimiter();
      store = new MemorySessionStore();
    }

    const metrics = new Metrics();
    const ctx: AppContext = {
      config,
      db,
      events: countPublished(events, metrics),
      ephemeral,
      limiter,
      tokens: await TokenService.create(db, config.accessTokenTtlSec),
      storage: new CountedStorage(files.storage, metrics),
      files: await FileUrls.create(db, config.fileUrlTtlSec),
      mail: new Mailer(db, config),
      push: await PushService.open({ db, config }),
      previews: await LinkPreviews.create(db, config),
      metrics,
      log,
    };
    // Before the pool closes (cleanups run last first): mail being handed over still records its outcome.
    cleanups.push(() => ctx.mail.close());
    cleanups.push(() => ctx.push.idle());
    cleanups.push(() => ctx.previews.idle());
    cleanups.push(startUploadHousekeeping(ctx));

    const http = Fastify({
      loggerInstance: log as FastifyBaseLogger,
      // One line per request of our own (logging/request-logging.ts) instead of Fastify's pair.
      logController: new LogController({ disableRequestLogging: true }),
      genReqId: (request) => requestIdFor(request, config.trustProxy),
      bodyLimit: BODY_LIMIT,
      trustProxy: config.trustProxy,
      frameworkErrors: answerFrameworkError,
      ...httpServerLimits(config),
    });
    installErrorHandling(http, (err) => databaseOutage.failed(err));
    const httpDrain = new HttpDrain(http);
    // Before every route, so each one is counted and logged: the probes and the API alike.
    installRequestLogging(http, config.logRequests);
    countRequests(http, metrics);
    healthRoutes(http, { db: probeDb, redis, draining: () => httpDrain.active });
    metricsRoutes(http, metrics, config.metricsToken);
    await installSecurityHeaders(http);
    await http.register(
      async (api) => {
        await compressAnswers(api);
        // First, so they guard every route below: each route's catalogued rate limits are counted, then
        // the catalogue's admin routes refuse anyone but an admin.
        limitRoutes(api, ctx);
        gateAdminRoutes(api, ctx);
        authRoutes(api, ctx);
        groupRoutes(api, ctx);
        await groupIconRoutes(api, ctx);
        messageRoutes(api, ctx);
        linkPreviewRoutes(api, ctx);
        reactionRoutes(api, ctx);
        pinRoutes(api, ctx);
        mentionRoutes(api, ctx);
        readStatusRoutes(api, ctx);
        await uploadRoutes(api, ctx);
        guardianRoutes(api, ctx);
        notificationPrefRoutes(api, ctx);
        friendRoutes(api, ctx);
        directMessageRoutes(api, ctx);
        await profileRoutes(api, ctx);
        await emojiRoutes(api, ctx);
        await gifRoutes(api, ctx);
        memberRoutes(api, ctx);
        presenceRoutes(api, ctx);
        voiceRoutes(api, ctx);
        searchRoutes(api, ctx);
        versionRoutes(api, ctx);
        privacyReportRoutes(api, ctx);
        accountRoutes(api, ctx);
        mailRoutes(api, ctx);
        pushRoutes(api, ctx);
        adminUserRoutes(api, ctx);
        adminAuditRoutes(api, ctx);
        adminPanelRoutes(api, ctx);
      },
      { prefix: '/api' },
    );
    await serveWebClient(http, config.webDist);

    const presence = new PresenceTracker(ctx, (gone) => voiceUsersGone(ctx, gone));
    cleanups.push(startCallSweep(ctx));
    await presence.start();
    // After this node counts in presence, before it listens: seats left by connections that are gone
    // (a previous run's, or taken over REST alone) are freed now, and from then on every few seconds.
    cleanups.push(await startSeatSweep(ctx));
    const gateway = new Gateway(ctx, store, presence);
    ctx.liveConnections = () => gateway.connectionCount;
    watchGauges(metrics, { db, liveConnections: () => gateway.connectionCount });
    // Behind a trusted proxy every socket comes from the proxy: capping its address would cap everyone.
    const capped = !config.trustProxy && config.httpMaxConnectionsPerAddress > 0;
    const releaseSocket = capped ? capSocketsPerAddress(http.server, config.httpMaxConnectionsPerAddress) : () => {};
    http.server.on('upgrade', (request, socket, head) => {
      releaseSocket(socket); // a live connection now: the gateway's caps apply
      if (request.url?.split('?')[0] === '/ws') gateway.handleUpgrade(request, socket, head);
      else socket.destroy();
    });

    // Before listening, so no request finds voice without its relay while the local coturn starts.
    const turn = await openTurnRelay(config, turnserver, (relay) => (ctx.turn = relay));
    cleanups.push(() => turn.stop());
    ctx.turn = turn.relay;
    ctx.turnSetup = turn.setup;

    await http.listen({ port: config.port, host: config.host });
    cleanups.push(() => http.close());
    cleanups.push(() => gateway.close());
    const address = http.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const database = embedded
      ? `embedded PostgreSQL in ${embedded.databaseDir} on port ${embedded.port}`
      : 'external PostgreSQL';
    const failed = embedded
      ? embedded.lost.then(() => `the embedded PostgreSQL in ${embedded!.databaseDir} stopped unexpectedly`)
      : new Promise<string>(() => {});
    const drain = async (deadline: number) => {
      httpDrain.begin(http.server);
      await gateway.close();
      await httpDrain.settled(http.server, deadline);
    };
    return { http, ctx, gateway, url: `http://127.0.0.1:${port}`, database, failed, drain, close };
  } catch (err) {
    await close().catch(() => {}); // the start-up error is the one to report
    throw err;
  }
}
