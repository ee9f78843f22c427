import type { Page, Response } from '@playwright/test';
import { expect, expectSignedIn, test } from '../support/fixtures.js';
import { PASSWORD } from '../support/api.js';
import { connectionChip, deleteDialog, groupRail, messageAction, openChannel, send } from '../support/chat.js';

interface Violation {
  directive: string;
  blocked: string;
}

/**
 * Everything the page reports about its Content-Security-Policy: the `securitypolicyviolation`
 * events (recorded by a script Playwright adds, which the policy does not govern) and Chromium's
 * console errors, which also cover what happens before any script runs.
 */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(message.text())) {
      logged.push(message.text());
    }
  });
  await page.addInitScript(() => {
    const seen: Violation[] = [];
    (window as unknown as { cspViolations: Violation[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push({ directive: event.effectiveDirective, blocked: event.blockedURI }),
    );
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { cspViolations: Violation[] }).cspViolations);
    return [...logged, ...events.map((v) => `${v.directive} blocked ${v.blocked || '(inline)'}`)];
  };
}

test('the client works under its Content-Security-Policy: sign up, open a channel, chat', async ({
  page,
  freshChannel,
  uniqueName,
}) => {
  const { group, channel } = await freshChannel('csp');
  const violations = await recordCspViolations(page);
  // A new user's first visit logs no error at all (no missing icon, no refused resource).
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(`${message.text()} ${message.location().url}`);
  });
  const assets: Response[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response);
  });

  const answer = await page.goto('/');
  const headers = answer!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self'");
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['cache-control']).toBe('no-cache');

  await page.getByRole('button', { name: 'Register' }).click();
  await page.getByLabel('Username').fill(uniqueName('csp'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register' }).click();
  await expectSignedIn(page);
  // The live connection (same-origin ws:, allowed by connect-src 'self') is up.
  await expect(connectionChip(page, 'Connected')).toBeVisible();

  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, 'Hello under a strict policy');

  // A menu and a dialog: Radix adds a <style> element while they are open (style-src allows it).
  await groupRail(page).getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await messageAction(page, 'Hello under a strict policy', 'Delete');
  await expect(deleteDialog(page)).toBeVisible();
  await deleteDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(deleteDialog(page)).toBeHidden();

  expect(await violations()).toEqual([]);
  expect(consoleErrors).toEqual([]);

  // The scripts and style sheets came precompressed (Chromium accepts brotli) and cacheable for good;
  // the build compresses files above 1 KB only, and sends the smaller ones as they are.
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    const assetHeaders = await asset.allHeaders();
    const encoding = assetHeaders['content-encoding'];
    if (encoding === undefined) expect(Number(assetHeaders['content-length']), asset.url()).toBeLessThan(1024);
    else expect(encoding, asset.url()).toBe('br');
    expect(assetHeaders['cache-control'], asset.url()).toBe('public, max-age=31536000, immutable');
    expect(assetHeaders['content-security-policy'], asset.url()).toContain("default-src 'self'");
  }
});

test('a script injected into a message is shown as text and blocked from running', async ({
  page,
  freshChannel,
  newUser,
}) => {
  const { group, channel } = await freshChannel('xss');
  const violations = await recordCspViolations(page);
  const user = await newUser('xss');
  await page.goto('/');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expectSignedIn(page);
  await openChannel(page, group.name, channel.name);
  await send(page, channel.name, '<img src=x onerror="window.pwned=1"> <script>window.pwned=2</script>');
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  // React renders the text as text, so nothing even reaches the policy.
  expect(await violations()).toEqual([]);

  // And the policy itself refuses inline script, whatever puts it into the page.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.pwned = 3';
    document.body.append(script);
  });
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
  await expect.poll(violations).toContainEqual(expect.stringContaining('script-src-elem blocked inline'));
});
