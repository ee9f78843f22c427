import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type Page,
  type ViewportSize,
} from '@playwright/test';
import { Api, PASSWORD, type Account, type Channel, type Group } from './api.js';
import { PushServiceStandIn, startThrowawayS3 } from '@hearth/server/testing';
import { HearthServer } from './server.js';
import { openChannel, send } from './chat.js';

export interface PageOptions {
  viewport?: ViewportSize;
  /** A phone: a touch screen (taps, no hover) with a mobile browser's behaviour. */
  touch?: boolean;
  /** Permissions the page's context is granted, e.g. 'microphone'. */
  permissions?: string[];
  /** Runs on the new context before its page opens, e.g. to add init scripts. */
  setUp?: (context: BrowserContext) => Promise<void>;
}

export interface WorkerFixtures {
  /**
   * Stands in for the browsers' push services (Google's, which Chromium's subscriptions use, cannot be
   * reached here): the worker's server may send Web Push to it (PUSH_ENDPOINT_ORIGINS).
   */
  pushService: PushServiceStandIn;
  /**
   * An option (test.use): the worker's server keeps its files in an S3-compatible bucket, on a
   * throwaway S3 server of the worker's own, instead of its data folder.
   */
  s3Storage: boolean;
  /** One real server per worker, on its own embedded database; tests of a worker share it. */
  server: HearthServer;
  /** The first account of the worker's server, so an ADMIN. */
  admin: Account;
}

export interface TestFixtures {
  api: Api;
  /** A username no other test uses: prefix + worker + counter + random, at most 20 characters. */
  uniqueName: (prefix: string) => string;
  /** Registers a new account (through the API) with a unique name. */
  newUser: (prefix?: string) => Promise<Account>;
  /**
   * The admin makes a channel of the test's own in the default group, named uniquely (lower case) after
   * `prefix`, so tests sharing a server never see each other's messages.
   */
  freshChannel: (prefix: string) => Promise<{ group: Group; channel: Channel }>;
  /** A page of its own browser context (own storage), signed in through the login form. */
  signedInPage: (user: Account, options?: PageOptions) => Promise<Page>;
  /**
   * A new user signed in with a fresh channel open, who has sent a message in it. The message showing
   * means the page's live connection is up, so what happens next reaches the page live, not through
   * the refetch of a new session.
   */
  chattingUser: (prefix: string) => Promise<{ account: Account; page: Page; group: Group; channel: Channel }>;
  /** Stops the server (SIGINT) and starts it again on the same data folder and ports. */
  restartServer: () => Promise<void>;
  serverOutputOnFailure: void;
}

/** Every fixture a test can ask for, for helpers that take some of them (Pick<Fixtures, ...>). */
export type Fixtures = TestFixtures & WorkerFixtures;

let counter = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  pushService: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const service = await PushServiceStandIn.start();
      try {
        await use(service);
      } finally {
        await service.close();
      }
    },
    { scope: 'worker' },
  ],

  s3Storage: [false, { option: true, scope: 'worker' }],

  server: [
    async ({ pushService, s3Storage }, use) => {
      const s3 = s3Storage ? await startThrowawayS3() : undefined;
      try {
        const server = await HearthServer.start({ env: { PUSH_ENDPOINT_ORIGINS: pushService.origin, ...s3?.env } });
        try {
          await use(server);
        } finally {
          await server.dispose();
        }
      } finally {
        await s3?.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],

  admin: [
    async ({ server }, use, workerInfo) => {
      // Registered before any test runs (the fixture is automatic), so it is the instance's first account.
      const admin = await new Api(server.url).register(`admin_w${workerInfo.workerIndex}`, PASSWORD);
      if (!admin.user.is_admin) throw new Error('The first account of a fresh server is not an admin');
      await use(admin);
    },
    { scope: 'worker', auto: true },
  ],

  serverOutputOnFailure: [
    async ({ server }, use, testInfo) => {
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        console.log(`Server output (last lines):\n${server.output().slice(-4_000)}`);
      }
    },
    { auto: true },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },

  api: async ({ server }, use) => {
    await use(new Api(server.url));
  },

  // eslint-disable-next-line no-empty-pattern
  uniqueName: async ({}, use, testInfo) => {
    await use((prefix: string) => {
      counter += 1;
      const random = Math.random().toString(36).slice(2, 6);
      return `${prefix.slice(0, 8)}_${testInfo.workerIndex}${counter}${random}`.slice(0, 20);
    });
  },

  newUser: async ({ api, uniqueName }, use) => {
    await use((prefix = 'user') => api.register(uniqueName(prefix)));
  },

  freshChannel: async ({ admin, api, uniqueName }, use) => {
    await use(async (prefix) => {
      const { group } = await api.defaultChannel(admin);
      const channel = await api.createChannel(admin, group.id, uniqueName(prefix).toLowerCase());
      return { group, channel };
    });
  },

  chattingUser: async ({ freshChannel, newUser, signedInPage }, use) => {
    await use(async (prefix) => {
      const { group, channel } = await freshChannel(prefix);
      const account = await newUser(prefix);
      const page = await signedInPage(account);
      await openChannel(page, group.name, channel.name);
      await send(page, channel.name, `hello from ${account.username}`);
      return { account, page, group, channel };
    });
  },

  signedInPage: async ({ browser, baseURL }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (user, options = {}) => {
      const context = await newContext(browser, baseURL!, options);
      contexts.push(context);
      await options.setUp?.(context);
      const page = await context.newPage();
      await page.goto('/');
      await logIn(page, user);
      return page;
    });
    for (const context of contexts) await context.close();
  },

  restartServer: async ({ server }, use) => {
    await use(() => server.restart());
  },
});

export { expect };

function newContext(browser: Browser, baseURL: string, options: PageOptions): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 800 },
    permissions: options.permissions,
    hasTouch: options.touch,
    isMobile: options.touch,
  });
}

/** Fills the login form as a person would and waits for the signed-in shell. */
export async function logIn(page: Page, user: Pick<Account, 'username' | 'password'>): Promise<void> {
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expectSignedIn(page);
}

/**
 * The shell shows the group rail (wide layout) or the bottom bar (narrow layout). A dialog that opens
 * over it at once (the new-version screen, say) hides it from the accessibility tree but not from view,
 * so hidden elements are matched too: signed in is the shell drawn, whatever is over it.
 */
export async function expectSignedIn(page: Page): Promise<void> {
  const shell = page.getByRole('navigation', { name: /^(Groups|Mobile navigation)$/, includeHidden: true });
  await expect(shell.filter({ visible: true }).first()).toBeVisible();
}
