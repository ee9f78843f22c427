import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config, type RateLimits } from '../src/config.js';
import { startApp, type RunningApp } from '../src/app.js';

/** Rate limits high enough that only tests about rate limits meet them. */
export const RELAXED_LIMITS: RateLimits = {
  registerPerIp: { limit: 10_000, windowMs: 60_000 },
  loginPerIp: { limit: 10_000, windowMs: 60_000 },
  loginPerUsername: { limit: 10_000, windowMs: 60_000 },
  refreshPerIp: { limit: 10_000, windowMs: 60_000 },
  messagePerUser: { limit: 10_000, windowMs: 10_000 },
  writePerUser: { limit: 10_000, windowMs: 60_000 },
  gifSearchPerUser: { limit: 10_000, windowMs: 60_000 },
  emailChangePerUser: { limit: 10_000, windowMs: 60_000 },
  verificationResendPerUser: { limit: 10_000, windowMs: 60_000 },
  forgotPasswordPerIp: { limit: 10_000, windowMs: 60_000 },
  forgotPasswordPerIdentifier: { limit: 10_000, windowMs: 60_000 },
  resetCodePerIp: { limit: 10_000, windowMs: 60_000 },
  resetCodePerIdentifier: { limit: 10_000, windowMs: 60_000 },
  voiceSignalPerUser: { limit: 10_000, windowMs: 10_000 },
  voiceSpeakingPerUser: { limit: 10_000, windowMs: 10_000 },
  presenceHeartbeatPerUser: { limit: 10_000, windowMs: 60_000 },
  typingPerUser: { limit: 10_000, windowMs: 10_000 },
  typingPerConversation: { limit: 10_000, windowMs: 2_000 },
  mediaProxyPerIp: { limit: 10_000, windowMs: 60_000 },
  searchPerUser: { limit: 10_000, windowMs: 60_000 },
};

/** A fresh, empty database on the test run's PostgreSQL server. */
export async function createTestDatabase(baseUrl = inject('testPgUrl')): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs the real server in this process on a random port, on its own database. */
export async function startTestServer(overrides: Partial<Config> = {}): Promise<RunningApp> {
  const config: Config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    databaseUrl: await createTestDatabase(),
    // Uploaded files go to a folder of the test's own, never into the checkout.
    dataDir: mkdtempSync(path.join(tmpdir(), 'hearth-test-')),
    webDist: undefined,
    rateLimits: RELAXED_LIMITS,
    // A stand-in external relay: voice has credentials to hand out, and no test server starts a
    // coturn of its own (turn.test.ts starts real ones).
    turnUrls: ['turn:127.0.0.1:3478?transport=udp'],
    turnSecret: 'hearth-test-turn-secret',
    localCoturn: false,
    // Only what went wrong reaches the test output, not a line per request.
    logLevel: 'warn',
    ...overrides,
  };
  return startApp(config);
}

/** The storage a user is charged for, as the server keeps it. */
export async function storageUsed(app: RunningApp, userId: number): Promise<number> {
  const { rows } = await app.ctx.db.query<{ n: string }>('SELECT storage_used_bytes AS n FROM users WHERE id = $1', [
    userId,
  ]);
  return Number(rows[0]!.n);
}
