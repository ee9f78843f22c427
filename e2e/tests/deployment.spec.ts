import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Api, type Account } from '../support/api.js';
import { logIn } from '../support/fixtures.js';
import { message, openChannel, send } from '../support/chat.js';
import { HearthServer } from '../support/server.js';
import { TlsProxy } from '../support/tls-proxy.js';
import { getOverHttp2, multipartFile, request } from '../support/https-request.js';

/**
 * The production deployment of the README: the repository's nginx site (deploy/nginx/hearth.conf,
 * only its ports and certificate changed) with TLS in front of a server that listens on 127.0.0.1
 * with TRUST_PROXY=loopback, as deploy/systemd/hearth.env.example sets it. People use it through
 * https only. The nginx comes from Debian's package, which the global set-up installs when missing.
 */

/** The largest attachment the server takes by default (UPLOAD_MAX_BYTES). */
const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;

let server: HearthServer;
let proxy: TlsProxy;
let admin: Account;
const contexts: BrowserContext[] = [];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await HearthServer.start({ env: { HOST: '127.0.0.1', TRUST_PROXY: 'loopback', LOCAL_COTURN: 'false' } });
  proxy = await TlsProxy.start(server.port).catch(async (err: unknown) => {
    await server.dispose();
    throw err;
  });
  admin = await new Api(server.url).register('deploy_admin');
});

test.afterAll(async () => {
  for (const context of contexts.splice(0)) await context.close();
  await proxy?.stop();
  await server?.dispose();
});

// eslint-disable-next-line no-empty-pattern
test.afterEach(({}, testInfo) => {
  if (testInfo.status !== testInfo.expectedStatus) {
    console.log(`nginx said:\n${proxy.output().slice(-3_000)}\nThe server said:\n${server.output().slice(-3_000)}`);
  }
});

test('people sign in, chat and receive messages live through nginx over https', async ({ browser }) => {
  const api = new Api(server.url);
  const [alice, bob] = [await api.register('deploy_alice'), await api.register('deploy_bob')];
  const { group, channel } = await api.defaultChannel(admin);

  const pages: Page[] = [];
  const liveSockets: string[] = [];
  for (const user of [alice, bob]) {
    const context = await browser.newContext({ baseURL: proxy.httpsUrl(), ignoreHTTPSErrors: true });
    contexts.push(context);
    const page = await context.newPage();
    page.on('websocket', (socket) => liveSockets.push(socket.url()));
    await page.goto('/');
    await logIn(page, user);
    await openChannel(page, group.name, channel.name);
    pages.push(page);
  }
  const [alicePage, bobPage] = pages as [Page, Page];

  // Sending needs the live connection (Send stays disabled without it): the WebSocket upgrade went
  // through nginx, over TLS.
  await send(alicePage, channel.name, 'Hello through the proxy');
  await expect(message(bobPage, 'Hello through the proxy')).toBeVisible();
  await send(bobPage, channel.name, 'Heard you live, over wss');
  await expect(message(alicePage, 'Heard you live, over wss')).toBeVisible();
  expect(liveSockets.length).toBeGreaterThanOrEqual(2);
  for (const url of liveSockets) expect(url).toMatch(new RegExp(`^wss://127\\.0\\.0\\.1:${proxy.ports.https}/ws`));
});

test('nginx redirects to https, speaks HTTP/2 and passes on what the server needs to know', async () => {
  const ca = proxy.ca;

  // Plain HTTP is only a redirect to the same address over https.
  const redirect = await request(`${proxy.httpUrl()}/some/page?x=1`);
  expect(redirect.status).toBe(301);
  expect(redirect.headers.location).toBe('https://127.0.0.1/some/page?x=1');

  // HTTP/2 over TLS, and the server's own answer behind it.
  expect(await getOverHttp2(proxy.httpsUrl(), '/api/version', ca)).toEqual({ alpn: 'h2', status: 200 });

  // X-Forwarded-Proto: the server knows the request came over TLS, so it sends Strict-Transport-Security.
  // The client's own X-Request-Id does not reach the server's log: nginx sets its own id there.
  const version = await request(`${proxy.httpsUrl()}/api/version`, {
    ca,
    headers: { 'x-request-id': 'chosen-by-the-client' },
  });
  expect(version.status).toBe(200);
  expect(version.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  await expect.poll(() => /"route":"\/api\/version"/.test(server.output())).toBe(true);
  expect(server.output()).not.toContain('chosen-by-the-client');
  expect(server.output()).toMatch(/"reqId":"[0-9a-f]{32}"[^\n]*"route":"\/api\/version"/);

  // X-Forwarded-For through a trusted proxy: the device of a sign-in from another address of this
  // machine records that address, not nginx's 127.0.0.1.
  const login = await request(`${proxy.httpsUrl(proxy.address)}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.username, password: admin.password }),
    ca,
  });
  expect(login.status).toBe(200);
  const { access_token } = JSON.parse(login.text) as { access_token: string };
  const auth = { authorization: `Bearer ${access_token}` };
  const devices = await request(`${proxy.httpsUrl()}/api/auth/devices`, { headers: auth, ca });
  const listed = (JSON.parse(devices.text) as { devices: { ip_address: string | null }[] }).devices;
  expect(listed.map((d) => d.ip_address)).toContain(proxy.address);

  // The largest attachment the server takes passes nginx's body limit.
  const { channel } = await new Api(server.url).defaultChannel(admin);
  const { body, contentType } = multipartFile('largest.bin', Buffer.alloc(UPLOAD_MAX_BYTES, 7));
  const upload = await request(`${proxy.httpsUrl()}/api/upload/attachment?channel_id=${channel.id}`, {
    method: 'POST',
    headers: { ...auth, 'content-type': contentType, 'content-length': String(body.length) },
    body,
    ca,
  });
  expect(upload.status, upload.text).toBe(201);
  expect((JSON.parse(upload.text) as { attachment: { file_size: number } }).attachment.file_size).toBe(
    UPLOAD_MAX_BYTES,
  );
});
