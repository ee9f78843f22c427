import { afterAll, beforeAll } from 'vitest';
import type { RunningApp } from '../src/app.js';
import type { Config } from '../src/config.js';
import { Api, LiveClient, type Person } from './client.js';
import { startTestServer } from './harness.js';

// Set by the beforeAll that serverForFile registers, so read them in hooks and tests only. Vitest
// gives every test file its own copy of this module: each file sees its own server.

/** The test file's server. */
export let server: RunningApp;
/** A client of the file's server. */
export let api: Api;
/** The file's first account, which the server made its admin. */
export let admin: Person;

// What live() and connectLive() opened, for serverForFile's afterAll to end before the server closes.
const connections: LiveClient[] = [];

/** Opens an authenticated live connection that serverForFile ends, so that no test file keeps its own to close. */
export async function live(who: Person | string): Promise<LiveClient> {
  const client = await LiveClient.authed(server.url, typeof who === 'string' ? who : who.token);
  connections.push(client);
  return client;
}

/** As live(), but not authenticated yet: for the tests that send the auth or resume frame themselves. */
export async function connectLive(): Promise<LiveClient> {
  const client = await LiveClient.connect(server.url);
  connections.push(client);
  return client;
}

export interface ServerForFileOptions {
  /** Settings over startTestServer's defaults. */
  config?: Partial<Config>;
  /** The prefix of the admin's username. */
  adminName?: string;
}

/**
 * Starts one server for the calling test file before its first test, closes it after its last (ending
 * the live connections opened with live() and connectLive() first), and registers the admin. One server
 * a file, not a test: a start creates and migrates a database, and the tests of a file stay out of each
 * other's way with users and groups of their own. The admin is the first account because the server
 * makes its first account an admin, which no test's own user should be.
 *
 * Call it at the top of the file, before the file's own hooks: Vitest runs beforeAll hooks in order and
 * afterAll hooks in reverse, so the file's set-up runs with the server up and its clean-up before the
 * server closes.
 */
export function serverForFile({ config = {}, adminName = 'admin' }: ServerForFileOptions = {}): void {
  beforeAll(async () => {
    server = await startTestServer(config);
    api = new Api(server.url);
    admin = await api.person(adminName);
  });
  afterAll(() => {
    // Ended at once rather than closed: the server closes next, so a closing handshake would serve nothing.
    for (const client of connections.splice(0)) client.socket.terminate();
    // A start that failed leaves nothing to close, and the failure to report is the start's.
    return server?.close();
  });
}

/**
 * Runs `during` (a live sign-in, say) with `act` (a suspension, a role change) slipped in just after the
 * sign-in's first check of the user, once act's event has reached this node and been handed out: the
 * race the gateway's second check after the attach closes. True when act ran. `userId` is whose check.
 */
export async function betweenSignInChecks(
  userId: number,
  act: () => Promise<void>,
  during: () => Promise<void>,
): Promise<boolean> {
  const db = server.ctx.db;
  const query = db.query.bind(db) as (...args: unknown[]) => Promise<unknown>;
  let acted = false;
  (db as { query: unknown }).query = async (...args: unknown[]) => {
    const result = await query(...args);
    const config = args[0] as { name?: string; values?: unknown[] };
    if (!acted && config.name === 'auth-active-device-user' && config.values?.[0] === userId) {
      acted = true;
      const before = server.ctx.events.head();
      await act();
      while (server.ctx.events.head() === before) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 50)); // handed to every session of this node by now
    }
    return result;
  };
  try {
    await during();
  } finally {
    (db as { query: unknown }).query = query;
  }
  return acted;
}
