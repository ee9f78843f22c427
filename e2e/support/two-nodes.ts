import type { Browser, BrowserContext, Page } from '@playwright/test';
import { startThrowawayRedis, type ThrowawayRedis } from '@hearth/server/testing';
import { Api, PASSWORD, type Account } from './api.js';
import { logIn } from './fixtures.js';
import { HearthServer } from './server.js';

/**
 * Two Hearth nodes as a cluster runs: one PostgreSQL (the first node's embedded one, which the second
 * reaches by DATABASE_URL) and one Redis, each node with its own port. A browser signed in on one node
 * and another on the other node see each other only through the bus, as people behind a load balancer
 * would. Files stay on each node's disk, so scenarios here use no uploads.
 */
export class TwoNodes {
  private readonly contexts: BrowserContext[] = [];

  private constructor(
    private redis: ThrowawayRedis,
    readonly first: HearthServer,
    readonly second: HearthServer,
  ) {}

  /** `settings` are given to both nodes. */
  static async start(settings: Record<string, string> = {}): Promise<TwoNodes> {
    const redis = await startThrowawayRedis();
    const env = { ...settings, REDIS_URL: redis.url };
    const first = await HearthServer.start({ env }).catch(async (err: unknown) => {
      await redis.stop();
      throw err;
    });
    try {
      // The embedded database's user, password and database are all 'hearth'.
      const databaseUrl = `postgres://hearth:hearth@127.0.0.1:${first.pgPort}/hearth`;
      const second = await HearthServer.start({ env: { ...env, DATABASE_URL: databaseUrl } });
      return new TwoNodes(redis, first, second);
    } catch (err) {
      await first.dispose();
      await redis.stop();
      throw err;
    }
  }

  /**
   * Redis stops under both nodes while `meanwhile` runs, then starts again on the same port, empty (as
   * one that keeps nothing on disk); started again even if `meanwhile` fails, so it is always stopped.
   */
  async redisOutage(meanwhile: () => Promise<void>): Promise<void> {
    await this.redis.stop();
    try {
      await meanwhile();
    } finally {
      this.redis = await this.redis.startAgain();
    }
  }

  /** The REST client of one node; an account made on either works on both. */
  api(node: HearthServer): Api {
    return new Api(node.url);
  }

  /** A page of its own browser context on `node` (or a load balancer in front), signed in through the login form. */
  async signedInPage(browser: Browser, node: { url: string }, user: Account): Promise<Page> {
    const context = await browser.newContext({ baseURL: node.url, viewport: { width: 1280, height: 800 } });
    this.contexts.push(context);
    const page = await context.newPage();
    await page.goto('/');
    await logIn(page, user);
    return page;
  }

  /** What both nodes printed lately, for a failed scenario. */
  output(): string {
    return `--- first node ---\n${this.first.output().slice(-3_000)}\n--- second node ---\n${this.second.output().slice(-3_000)}`;
  }

  async dispose(): Promise<void> {
    for (const context of this.contexts.splice(0)) await context.close();
    // The second node first: the first one holds the database both use.
    await this.second.dispose();
    await this.first.dispose();
    await this.redis.stop();
  }
}

export { PASSWORD };
