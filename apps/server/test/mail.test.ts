import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXT, TEXT, type MailOutboxAnswer, type OutboxMail } from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { Api, uniqueName } from './client.js';
import { startTestServer } from './harness.js';
import { codeIn, SmtpCatcher } from './support/smtp.js';

/**
 * Outgoing mail: the development default (the log and the outbox, no mail server), real SMTP to an
 * in-process SMTP server, an SMTP server that is down, the admin-only outbox, and login alerts.
 */

const servers: RunningApp[] = [];
const catchers: SmtpCatcher[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const c of catchers) await c.close();
});

async function start(overrides: Parameters<typeof startTestServer>[0] = {}) {
  const server = await startTestServer({ publicUrl: 'http://hearth.test', ...overrides });
  servers.push(server);
  return { server, api: new Api(server.url) };
}

const email = (name: string) => `${name.toLowerCase()}@example.test`;

/** A user registered with an address, the first account (the admin) included. */
async function registerWithEmail(api: Api, prefix: string) {
  const username = uniqueName(prefix);
  const res = await api.post('/auth/register', { username, password: 'secret1', email: email(username) });
  expect(res.status).toBe(201);
  return { token: res.body.access_token as string, id: res.body.user.id as number, username, email: email(username) };
}

async function outboxFor(server: RunningApp, api: Api, adminToken: string, to: string): Promise<OutboxMail[]> {
  await server.ctx.mail.idle();
  const res = await api.get<MailOutboxAnswer>('/admin/mail/outbox', adminToken);
  expect(res.status).toBe(200);
  return res.body.mails.filter((m) => m.to === to);
}

describe('without SMTP_URL (the development default)', () => {
  let server: RunningApp;
  let api: Api;
  let admin: Awaited<ReturnType<typeof registerWithEmail>>;
  // The log is where mail goes here: kept out of the test output, and read by the first test.
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});

  beforeAll(async () => {
    ({ server, api } = await start());
    admin = await registerWithEmail(api, 'ada');
  });
  afterAll(() => log.mockRestore());

  it('writes each mail to the log in one line and keeps it in the outbox, newest first', async () => {
    const user = await registerWithEmail(api, 'bea');
    const [mail] = await outboxFor(server, api, admin.token, user.email);
    expect(mail).toMatchObject({
      kind: 'email_verification',
      status: 'logged',
      subject: 'Your Hearth verification code',
      error: null,
      sent_at: null,
    });
    const code = codeIn(mail!)!;
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.summary).toBe(`code=${code}`);
    const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.startsWith('[mail]'));
    // The code is the outbox's alone: the log says a mail was made, never what unlocks an account.
    expect(lines).toContain(
      `[mail] to=${user.email} subject="Your Hearth verification code" code=[redacted] (in the outbox)`,
    );
    // The code from the outbox verifies the address: a development instance needs no mail server.
    expect((await api.post('/user/verify-email', { verification_code: code }, user.token)).status).toBe(200);

    await api.post('/auth/forgot-password', { identifier: user.username });
    await server.ctx.mail.idle();
    const again = (await api.get<MailOutboxAnswer>('/admin/mail/outbox', admin.token)).body;
    expect(again.delivery).toBe('log');
    const ids = again.mails.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(again.mails[0]).toMatchObject({ to: user.email, kind: 'password_reset', status: 'logged' });
    expect(again.mails[0]!.summary).toMatch(/^link=http:\/\/hearth\.test\/reset-password\?token=[\w-]+$/);
  });

  it('shows the outbox to admins only, and at most the newest 100', async () => {
    const user = await registerWithEmail(api, 'cyd');
    const refused = await api.get('/admin/mail/outbox', user.token);
    expect(refused).toMatchObject({ status: 403, body: { detail: TEXT.adminOnly } });
    expect((await api.get('/admin/mail/outbox')).status).toBe(401);
    for (let i = 0; i < 101; i++) await api.post('/user/resend-email-verification', {}, user.token);
    await server.ctx.mail.idle();
    const { mails } = (await api.get<MailOutboxAnswer>('/admin/mail/outbox', admin.token)).body;
    expect(mails).toHaveLength(100);
    expect(mails.every((m) => m.to === user.email)).toBe(true);
  });
});

describe('with SMTP_URL', () => {
  let smtp: SmtpCatcher;
  let server: RunningApp;
  let api: Api;
  let admin: Awaited<ReturnType<typeof registerWithEmail>>;

  beforeAll(async () => {
    smtp = await SmtpCatcher.start();
    catchers.push(smtp);
    ({ server, api } = await start({ smtpUrl: smtp.url, mailFrom: 'Hearth Test <hearth@example.test>' }));
    admin = await registerWithEmail(api, 'adm');
  });

  it('sends through the SMTP server, with its credentials, as plain text and HTML, and records it without the secret', async () => {
    const user = await registerWithEmail(api, 'dee');
    const mail = await smtp.nth(user.email, 0);
    expect(mail).toMatchObject({
      envelopeFrom: 'hearth@example.test',
      from: '"Hearth Test" <hearth@example.test>',
      to: [user.email],
      subject: 'Your Hearth verification code',
    });
    const code = codeIn(mail)!;
    expect(mail.text).toContain(code);
    expect(mail.html).toContain(`>${code}</p>`);
    const [row] = await outboxFor(server, api, admin.token, user.email);
    expect(row).toMatchObject({ status: 'sent', kind: 'email_verification', summary: 'code=[redacted]', error: null });
    expect(row!.sent_at).not.toBeNull();
    expect(row!.text).not.toContain(code);
    expect((await api.get<MailOutboxAnswer>('/admin/mail/outbox', admin.token)).body.delivery).toBe('smtp');
  });

  it('needs an address before login alerts can be turned on, and turns them off with the address', async () => {
    const user = await api.person('eve');
    const refused = await api.put('/privacy/settings', { login_alerts_enabled: true }, user.token);
    expect(refused).toMatchObject({ status: 400, body: { detail: ACCOUNT_TEXT.loginAlertsNeedEmail } });
    expect((await api.get('/privacy/settings', user.token)).body).toMatchObject({
      login_alerts_enabled: false,
      email: null,
    });
    // Turning them off never needs one.
    expect((await api.put('/privacy/settings', { login_alerts_enabled: false }, user.token)).status).toBe(200);
    await api.put('/user/update-email', { email: email(user.username) }, user.token);
    const on = await api.put('/privacy/settings', { login_alerts_enabled: true }, user.token);
    expect(on.body).toMatchObject({ login_alerts_enabled: true, email: email(user.username) });
    await api.delete('/user/remove-email', user.token);
    expect((await api.get('/privacy/settings', user.token)).body).toMatchObject({
      login_alerts_enabled: false,
      email: null,
    });
  });

  it('mails a login alert for a device and address not seen before, once', async () => {
    const user = await registerWithEmail(api, 'fay');
    const code = codeIn(await smtp.nth(user.email, 0))!;
    await api.post('/user/verify-email', { verification_code: code }, user.token);
    await api.put('/privacy/settings', { login_alerts_enabled: true }, user.token);
    const signIn = (userAgent: string) =>
      api.request('POST', '/auth/login', { username: user.username, password: 'secret1' }, undefined, {
        'user-agent': userAgent,
      });
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
    expect((await signIn(firefox)).status).toBe(200);
    const alert = await smtp.nth(user.email, 1);
    expect(alert.subject).toBe('New sign-in to your Hearth account');
    expect(alert.text).toContain('Device: Firefox on Linux');
    expect(alert.text).toContain('Address: 127.0.0.1');
    expect(alert.text).toMatch(/Time: \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    // The same browser from the same address again: nothing. Another browser: a new alert.
    await signIn(firefox);
    await server.ctx.mail.idle();
    expect(smtp.to(user.email)).toHaveLength(2);
    await signIn('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15');
    expect((await smtp.nth(user.email, 2)).text).toContain('Device: Safari on macOS');
    // A fingerprint, when the client sends one, names the device instead of its user agent.
    await api.request('POST', '/auth/login', { username: user.username, password: 'secret1' }, undefined, {
      'user-agent': firefox,
      'x-device-fingerprint': 'browser-1',
    });
    await smtp.nth(user.email, 3);
    // Alerts off: a new device is only remembered.
    await api.put('/privacy/settings', { login_alerts_enabled: false }, user.token);
    await signIn('curl/8.0');
    await server.ctx.mail.idle();
    expect(smtp.to(user.email)).toHaveLength(4);
  });

  it('sends no alert to an address that is not verified', async () => {
    const user = await registerWithEmail(api, 'gus');
    await smtp.nth(user.email, 0);
    await api.put('/privacy/settings', { login_alerts_enabled: true }, user.token);
    await api.request('POST', '/auth/login', { username: user.username, password: 'secret1' }, undefined, {
      'user-agent': 'another/1.0',
    });
    await server.ctx.mail.idle();
    expect(smtp.to(user.email)).toHaveLength(1);
  });
});

describe('with the SMTP server down', () => {
  it('answers as usual and marks the mail failed in the outbox', async () => {
    // A port nothing listens on: the connection is refused.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const { server, api } = await start({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const admin = await registerWithEmail(api, 'hal');
      const user = await api.person('ida');
      const to = email(user.username);
      const res = await api.put('/user/update-email', { email: to }, user.token);
      expect(res.status).toBe(200);
      expect((await api.post('/auth/forgot-password', { identifier: to })).status).toBe(200);
      const mails = await outboxFor(server, api, admin.token, to);
      expect(mails.map((m) => [m.kind, m.status])).toEqual([
        ['password_reset_code', 'failed'],
        ['email_verification', 'failed'],
      ]);
      expect(mails[0]!.error).toMatch(/ECONNREFUSED|connect/i);
      expect(errors.mock.calls.some((c) => String(c[0]).includes('not sent'))).toBe(true);
    } finally {
      errors.mockRestore();
    }
  });
});
