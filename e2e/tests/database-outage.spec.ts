import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@hearth/server/testing';
import { expect, test } from '../support/fixtures.js';
import { Api } from '../support/api.js';
import { logIn } from '../support/fixtures.js';
import { composer, message, openChannel, send } from '../support/chat.js';
import { HearthServer } from '../support/server.js';

test.describe.configure({ timeout: 120_000 });

/**
 * The server's external database stops while a person chats, and starts again: the message sent
 * meanwhile says why it was not sent, and goes once the database is back, without reloading the page.
 */
test('a message sent while the database is down says why, and goes on Retry once it is back', async ({
  browser,
}, testInfo) => {
  const pgHome = await mkdtemp(path.join(tmpdir(), 'hearth-e2e-pg-'));
  // Run as root, PostgreSQL runs as another user, who must be able to reach its folder.
  await chmod(pgHome, 0o755);
  let db = await startEmbeddedPostgres(pgHome, 0);
  let server: HearthServer | undefined;
  try {
    server = await HearthServer.start({ env: { DATABASE_URL: db.url } });
    const account = await new Api(server.url).register('dora');
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto('/');
    await logIn(page, account);
    await openChannel(page, 'Hearth', 'general');
    await send(page, 'general', 'Before the outage');

    await db.stop();
    const box = composer(page, 'general');
    await box.fill('While the database is down');
    await box.press('Enter');
    const failed = message(page, 'While the database is down');
    await expect(failed.getByText('Hearth cannot reach its database right now. Try again in a moment.')).toBeVisible();

    db = await startEmbeddedPostgres(pgHome, db.port);
    await failed.getByRole('button', { name: 'Retry' }).click();
    await expect(failed.getByText('Not sent.')).toHaveCount(0);
    await expect(failed.getByText('Sending…')).toHaveCount(0);
    await send(page, 'general', 'After the outage');
    // All three are kept: a reload shows them from the database.
    await page.reload();
    await openChannel(page, 'Hearth', 'general');
    for (const text of ['Before the outage', 'While the database is down', 'After the outage'])
      await expect(message(page, text)).toHaveCount(1);
    await context.close();
  } finally {
    if (server && testInfo.status !== testInfo.expectedStatus) console.log(server.output().slice(-4_000));
    await server?.dispose();
    await db.stop();
    await rm(pgHome, { recursive: true, force: true });
  }
});
