import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXT,
  CLOSE,
  DELETED_USER_NAME,
  type DeviceRevokeReason,
  STORAGE_LIMIT_BYTES,
  TEXT,
  formatBytes,
  storageRecalculatedText,
} from '@hearth/protocol';
import type { RunningApp } from '../src/app.js';
import { removeDeletedFiles } from '../src/uploads/file-deletions.js';
import { Api, LiveClient, uniqueName } from './client.js';
import { RELAXED_LIMITS, startTestServer, storageUsed } from './harness.js';
import { codeIn, linkIn, SmtpCatcher } from './support/smtp.js';

/**
 * My Account on the server (spec 3 §5, §7): email and its verification code, password reset without
 * account enumeration, username and password changes, signing out everywhere, account deletion and
 * storage. Mail goes through SMTP to an in-process SMTP server.
 */

let smtp: SmtpCatcher;
let server: RunningApp;
let api: Api;
let admin: { token: string; username: string };
const open: LiveClient[] = [];

beforeAll(async () => {
  smtp = await SmtpCatcher.start();
  server = await startTestServer({
    smtpUrl: smtp.url,
    publicUrl: 'https://chat.example.test',
    rateLimits: {
      ...RELAXED_LIMITS,
      verificationResendPerUser: { limit: 1, windowMs: 60_000 },
      forgotPasswordPerIdentifier: { limit: 3, windowMs: 900_000 },
    },
  });
  api = new Api(server.url);
  admin = await api.person('admin'); // the first account is the admin; the tests' users are not
});
afterAll(async () => {
  for (const c of open) c.close();
  await server.close();
  await smtp.close();
});

const PASSWORD = 'secret1';

interface Account {
  token: string;
  refresh: string;
  id: number;
  username: string;
  email: string;
}

/** A new user; with `verified`, their address is verified with the code they were mailed. */
async function account(prefix: string, options: { email?: boolean; verified?: boolean } = {}): Promise<Account> {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.test`;
  const res = await api.post('/auth/register', {
    username,
    password: PASSWORD,
    ...(options.email === false ? {} : { email }),
  });
  expect(res.status).toBe(201);
  const me = { token: res.body.access_token, refresh: res.body.refresh_token, id: res.body.user.id, username, email };
  if (options.verified) {
    const code = codeIn(await smtp.nth(email, 0))!;
    expect((await api.post('/user/verify-email', { verification_code: code }, me.token)).status).toBe(200);
  }
  return me;
}

const live = async (token: string) => {
  const c = await LiveClient.authed(server.url, token);
  open.push(c);
  return c;
};

const login = (username: string, password = PASSWORD) => api.post('/auth/login', { username, password });

/**
 * The live connection is told its device was revoked, why, and whether its own request did it (the
 * web client then says nothing of its own); it is closed and the refresh token no longer works.
 */
async function expectSignedOut(
  connection: LiveClient,
  refresh: string,
  reason: DeviceRevokeReason,
  byThisDevice: boolean,
) {
  const told = await connection.waitFor((f) => f.type === 'device_revoked');
  expect(told.data).toEqual({ device_id: expect.any(Number), reason, by_this_device: byThisDevice });
  expect((await connection.waitForClose()).code).toBe(CLOSE.sessionRevoked);
  const refreshed = await api.post('/auth/refresh', { refresh_token: refresh });
  expect(refreshed.status).toBe(401);
}

const fail = (status: number, detail: string) => ({ status, body: { detail } });

describe('email address', () => {
  it('checks the address, keeps it unique in any case, and mails a code that verifies it', async () => {
    const me = await account('em', { email: false });
    expect((await api.get('/user/email-status', me.token)).body).toEqual({
      email: null,
      email_verified: false,
      has_pending_verification: false,
    });
    // The last two would be read by a mail library as a display name or a list, and mailed elsewhere.
    for (const bad of [
      '',
      'no-at-sign',
      'two@@example.test',
      'a b@example.test',
      'me@localhost',
      'x<victim@example.test>',
      'a,victim@example.test',
    ])
      expect(await api.put('/user/update-email', { email: bad }, me.token)).toMatchObject(fail(400, TEXT.invalidEmail));
    const other = await account('em2');
    expect(await api.put('/user/update-email', { email: other.email.toUpperCase() }, me.token)).toMatchObject(
      fail(409, ACCOUNT_TEXT.emailInUse),
    );

    const saved = await api.put('/user/update-email', { email: me.email }, me.token);
    expect(saved).toMatchObject({
      status: 200,
      body: { message: `Email updated. A verification code was sent to ${me.email}.` },
    });
    const mail = await smtp.nth(me.email, 0);
    expect(mail.subject).toBe('Your Hearth verification code');
    const code = codeIn(mail)!;
    expect((await api.get('/user/email-status', me.token)).body).toEqual({
      email: me.email,
      email_verified: false,
      has_pending_verification: true,
    });
    expect((await api.get('/auth/me', me.token)).body.email).toBe(me.email);

    expect(await api.post('/user/verify-email', { verification_code: '12345' }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.codeLength),
    );
    // Missing, the code gets the field's own text too.
    expect(await api.post('/user/verify-email', {}, me.token)).toMatchObject(fail(400, ACCOUNT_TEXT.codeLength));
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await api.post('/user/verify-email', { verification_code: wrong }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.codeWrong),
    );
    expect(await api.post('/user/verify-email', { verification_code: ` ${code} ` }, me.token)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_TEXT.emailVerified },
    });
    expect((await api.get('/user/email-status', me.token)).body).toEqual({
      email: me.email,
      email_verified: true,
      has_pending_verification: false,
    });
    expect(await api.post('/user/verify-email', { verification_code: code }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.alreadyVerified),
    );
    expect(await api.post('/user/resend-email-verification', {}, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.alreadyVerified),
    );
    expect(await api.put('/user/update-email', { email: me.email.toUpperCase() }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.emailUnchanged),
    );
    // Another address starts over, unverified.
    const next = `new-${me.email}`;
    await api.put('/user/update-email', { email: next }, me.token);
    expect((await api.get('/user/email-status', me.token)).body).toMatchObject({ email: next, email_verified: false });
    await smtp.nth(next, 0);
    // The verified address it replaced is told, so a change the owner did not make is noticed.
    const notice = await smtp.nth(me.email, 1);
    expect(notice.subject).toBe('Your email address was changed');
    expect(notice.text).toContain(next);
  });

  it('removes the address', async () => {
    const me = await account('rm', { verified: true });
    expect(await api.delete('/user/remove-email', me.token)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_TEXT.emailRemoved },
    });
    expect((await api.get('/user/email-status', me.token)).body).toEqual({
      email: null,
      email_verified: false,
      has_pending_verification: false,
    });
    expect(await api.delete('/user/remove-email', me.token)).toMatchObject(fail(400, ACCOUNT_TEXT.noEmail));
    expect(await api.post('/user/resend-email-verification', {}, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.noEmail),
    );
    expect(await api.post('/user/verify-email', { verification_code: '123456' }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.noEmail),
    );
    // The address is free again.
    const other = await account('rm2', { email: false });
    expect((await api.put('/user/update-email', { email: me.email }, other.token)).status).toBe(200);
  });

  it('counts wrong codes: after the fifth the code is void, and the sixth try fails even when right', async () => {
    const me = await account('wr');
    const code = codeIn(await smtp.nth(me.email, 0))!;
    const wrong = code === '999999' ? '888888' : '999999';
    const tries: string[] = [];
    for (let i = 0; i < 5; i++)
      tries.push((await api.post('/user/verify-email', { verification_code: wrong }, me.token)).body.detail);
    expect(tries).toEqual([...Array(4).fill(ACCOUNT_TEXT.codeWrong), ACCOUNT_TEXT.codeTooManyAttempts]);
    expect(await api.post('/user/verify-email', { verification_code: code }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.codeTooManyAttempts),
    );
    expect((await api.get('/user/email-status', me.token)).body).toMatchObject({
      email_verified: false,
      has_pending_verification: false,
    });
    // A new code must be asked for; at most one a minute.
    expect(await api.post('/user/resend-email-verification', {}, me.token)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_TEXT.codeResent },
    });
    const again = await api.post('/user/resend-email-verification', {}, me.token);
    expect(again).toMatchObject(fail(429, TEXT.rateLimited));
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    const fresh = codeIn(await smtp.nth(me.email, 1))!;
    expect((await api.post('/user/verify-email', { verification_code: fresh }, me.token)).status).toBe(200);
  });

  it('refuses an expired code, and a code the next one replaced', async () => {
    const me = await account('ex');
    const first = codeIn(await smtp.nth(me.email, 0))!;
    await api.post('/user/resend-email-verification', {}, me.token);
    const second = codeIn(await smtp.nth(me.email, 1))!;
    if (first !== second)
      expect(await api.post('/user/verify-email', { verification_code: first }, me.token)).toMatchObject(
        fail(400, ACCOUNT_TEXT.codeWrong),
      );
    await server.ctx.db.query(`UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [
      me.id,
    ]);
    expect(await api.post('/user/verify-email', { verification_code: second }, me.token)).toMatchObject(
      fail(400, ACCOUNT_TEXT.codeExpired),
    );
    expect((await api.get('/user/email-status', me.token)).body.has_pending_verification).toBe(false);
  });

  it('stores only a hash of each code', async () => {
    const me = await account('hs');
    const code = codeIn(await smtp.nth(me.email, 0))!;
    const { rows } = await server.ctx.db.query('SELECT * FROM email_codes WHERE user_id = $1', [me.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('refuses an address already in use at registration', async () => {
    const me = await account('dup');
    const res = await api.post('/auth/register', {
      username: uniqueName('dup'),
      password: PASSWORD,
      email: me.email.toUpperCase(),
    });
    expect(res).toMatchObject(fail(409, ACCOUNT_TEXT.emailInUse));
  });
});

describe('password reset', () => {
  /** The forgot-password answer as bytes: status, content type and body. */
  async function forgot(identifier: string) {
    const res = await fetch(`${server.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier }),
    });
    return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
  }

  it('answers the same bytes whether or not the name or the address exists', async () => {
    const verified = await account('en', { verified: true });
    const unverified = await account('en2');
    const noAddress = await account('en3', { email: false });
    const answers = await Promise.all(
      [
        uniqueName('nobody'),
        'nobody-here@example.test',
        verified.username,
        verified.email.toUpperCase(),
        unverified.username,
        noAddress.username,
        'Guardian',
        DELETED_USER_NAME,
      ].map(forgot),
    );
    expect(answers[0]).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: JSON.stringify({ message: 'If an account matches, a reset link has been sent.', next: 'check_email' }),
    });
    for (const a of answers) expect(a).toEqual(answers[0]);
    await server.ctx.mail.idle();
    // Mail went to the two accounts with an address only: two reset links, one code.
    expect(smtp.to(verified.email).map((m) => m.subject)).toEqual([
      'Your Hearth verification code',
      'Reset your Hearth password',
      'Reset your Hearth password',
    ]);
    expect(smtp.to(unverified.email).map((m) => m.subject)).toEqual([
      'Your Hearth verification code',
      'Reset your Hearth password',
    ]);
    expect(smtp.mails.some((m) => m.to.includes('nobody-here@example.test'))).toBe(false);
    expect(await api.post('/auth/forgot-password', { identifier: '  ' })).toMatchObject(
      fail(400, ACCOUNT_TEXT.identifierRequired),
    );
  });

  it('resets with the mailed link once, signs every device out, and says so by mail', async () => {
    const me = await account('rs', { verified: true });
    const connection = await live(me.token);
    await forgot(me.username);
    const mail = await smtp.nth(me.email, 1);
    expect(mail.subject).toBe('Reset your Hearth password');
    const link = linkIn(mail, '/reset-password')!;
    expect(link).toMatch(/^https:\/\/chat\.example\.test\/reset-password\?token=[\w-]{43}$/);
    expect(mail.html).toContain(`href="${link}"`);
    const token = new URL(link).searchParams.get('token')!;

    expect(await api.post('/auth/reset-password', { token, new_password: '123' })).toMatchObject(
      fail(400, TEXT.passwordTooShort),
    );
    expect(await api.post('/auth/reset-password', { token: ' ', new_password: 'another1' })).toMatchObject(
      fail(400, ACCOUNT_TEXT.resetTokenRequired),
    );
    expect(await api.post('/auth/reset-password', { token: `${token}x`, new_password: 'another1' })).toMatchObject(
      fail(400, ACCOUNT_TEXT.resetTokenInvalid),
    );
    expect(await api.post('/auth/reset-password', { token, new_password: 'another1' })).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_TEXT.passwordReset },
    });
    await expectSignedOut(connection, me.refresh, 'password_reset', false);
    expect((await api.get('/auth/me', me.token)).status).toBe(401);
    expect((await login(me.username)).status).toBe(401);
    expect((await login(me.username, 'another1')).status).toBe(200);
    expect((await smtp.nth(me.email, 2)).subject).toBe('Your password was changed');
    // Once only.
    expect(await api.post('/auth/reset-password', { token, new_password: 'third-one' })).toMatchObject(
      fail(400, ACCOUNT_TEXT.resetTokenInvalid),
    );
    const { rows } = await server.ctx.db.query('SELECT token_hash FROM password_reset_tokens WHERE user_id = $1', [
      me.id,
    ]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('refuses an expired link', async () => {
    const me = await account('rx', { verified: true });
    await forgot(me.email);
    const token = new URL(linkIn(await smtp.nth(me.email, 1), '/reset-password')!).searchParams.get('token')!;
    await server.ctx.db.query(
      `UPDATE password_reset_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
      [me.id],
    );
    expect(await api.post('/auth/reset-password', { token, new_password: 'another1' })).toMatchObject(
      fail(400, ACCOUNT_TEXT.resetTokenInvalid),
    );
    expect((await login(me.username)).status).toBe(200);
  });

  it('goes through email verification when the address is not verified', async () => {
    const me = await account('uv');
    await smtp.nth(me.email, 0);
    await forgot(me.email);
    const mail = await smtp.nth(me.email, 1);
    const code = codeIn(mail)!;
    const link = new URL(linkIn(mail, '/email-verification')!);
    expect(link.origin + link.pathname).toBe('https://chat.example.test/email-verification');
    expect(Object.fromEntries(link.searchParams)).toEqual({ identifier: me.username, code, next: 'reset-password' });

    const wrong = code === '000000' ? '111111' : '000000';
    for (const [identifier, c] of [
      [me.username, wrong],
      [uniqueName('ghost'), code],
      ['ghost@example.test', code],
      ['Guardian', code],
    ])
      expect(await api.post('/auth/verify-reset-code', { identifier, code: c })).toMatchObject(
        fail(400, ACCOUNT_TEXT.resetCodeInvalid),
      );
    const right = await api.post('/auth/verify-reset-code', { identifier: me.email.toUpperCase(), code });
    expect(right).toMatchObject({ status: 200, body: { message: ACCOUNT_TEXT.resetCodeAccepted } });
    // The code proved the mailbox: the address is verified now, and no verification is pending any more
    // (the code mailed when the address was added is spent with it).
    expect((await api.get('/user/email-status', me.token)).body).toEqual({
      email: me.email,
      email_verified: true,
      has_pending_verification: false,
    });
    expect(await api.post('/auth/verify-reset-code', { identifier: me.username, code })).toMatchObject(
      fail(400, ACCOUNT_TEXT.resetCodeInvalid),
    );
    // The current password is refused as the new one, with Change Password's text; the token stays usable.
    expect(
      await api.post('/auth/reset-password', { token: right.body.reset_token, new_password: PASSWORD }),
    ).toMatchObject(fail(400, ACCOUNT_TEXT.newPasswordSame));
    const reset = await api.post('/auth/reset-password', { token: right.body.reset_token, new_password: 'another1' });
    expect(reset.status).toBe(200);
    expect((await login(me.username, 'another1')).status).toBe(200);
  });

  it('voids a reset code after five wrong tries', async () => {
    const me = await account('rv');
    await smtp.nth(me.email, 0);
    await forgot(me.username);
    const code = codeIn(await smtp.nth(me.email, 1))!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) await api.post('/auth/verify-reset-code', { identifier: me.username, code: wrong });
    expect(await api.post('/auth/verify-reset-code', { identifier: me.username, code })).toMatchObject(
      fail(400, ACCOUNT_TEXT.resetCodeInvalid),
    );
  });

  it('limits forgot-password per identifier, whether or not it exists', async () => {
    for (const identifier of [uniqueName('lim'), (await account('lim')).username]) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await forgot(identifier.toUpperCase())).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });
});

describe('rate limits per address', () => {
  it('limits forgot-password and code checks per address', async () => {
    const strict = await startTestServer({
      rateLimits: {
        ...RELAXED_LIMITS,
        forgotPasswordPerIp: { limit: 2, windowMs: 900_000 },
        resetCodePerIp: { limit: 2, windowMs: 900_000 },
      },
    });
    try {
      const a = new Api(strict.url);
      const forgot = [];
      for (const identifier of ['one', 'two', 'three'])
        forgot.push((await a.post('/auth/forgot-password', { identifier })).status);
      expect(forgot).toEqual([200, 200, 429]);
      const codes = [];
      for (const identifier of ['one', 'two', 'three'])
        codes.push((await a.post('/auth/verify-reset-code', { identifier, code: '123456' })).status);
      expect(codes).toEqual([400, 400, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('username', () => {
  it('gives every rule its text', async () => {
    const me = await account('un', { email: false });
    const other = await account('un2', { email: false });
    const change = (username: unknown) => api.put('/user/update-username', { username }, me.token);
    expect(await change('ab')).toMatchObject(fail(400, 'Username must be at least 3 characters long'));
    expect(await change('a'.repeat(21))).toMatchObject(fail(400, 'Username must be no more than 20 characters long'));
    expect(await change('bad name!')).toMatchObject(
      fail(400, 'Username can only contain letters, numbers, underscores, and hyphens'),
    );
    expect(await change(other.username.toUpperCase())).toMatchObject(fail(409, TEXT.usernameTaken));
    expect(await change('Everyone')).toMatchObject(fail(409, TEXT.usernameTaken));
    expect(await change('Guardian')).toMatchObject(fail(409, TEXT.usernameTaken));
    expect(await change(me.username)).toMatchObject(fail(400, ACCOUNT_TEXT.usernameSame));
  });

  it('changes the name, tells everyone, and signs every device out', async () => {
    const me = await account('nm', { email: false });
    const watcher = await account('nw', { email: false });
    const phone = (await login(me.username)).body;
    const mine = await live(me.token);
    const onPhone = await live(phone.access_token);
    const theirs = await live(watcher.token);
    const renamed = `${me.username.slice(0, 15)}_new`;
    expect(await api.put('/user/update-username', { username: renamed }, me.token)).toMatchObject({
      status: 200,
      body: { username: renamed, message: ACCOUNT_TEXT.usernameUpdated },
    });
    // This device asked for it; the phone did not.
    await expectSignedOut(mine, me.refresh, 'username_changed', true);
    await expectSignedOut(onPhone, phone.refresh_token, 'username_changed', false);
    const update = await theirs.waitFor((f) => f.type === 'user_update' && f.data.user_id === me.id);
    expect(update.data.username).toBe(renamed);
    expect((await login(me.username)).status).toBe(401);
    const again = await login(renamed.toUpperCase());
    expect(again.status).toBe(200);
    expect(again.body.user.username).toBe(renamed);
    // A case-only change is a change.
    const upper = await api.put('/user/update-username', { username: renamed.toUpperCase() }, again.body.access_token);
    expect(upper.status).toBe(200);
    // The old name is free.
    expect((await api.post('/auth/register', { username: me.username, password: PASSWORD })).status).toBe(201);
  });
});

describe('password', () => {
  it('gives every rule its text', async () => {
    const me = await account('pw', { email: false });
    const change = (body: unknown) => api.put('/user/update-password', body, me.token);
    for (const body of [
      {},
      { current_password: PASSWORD },
      { new_password: 'another1' },
      { current_password: '', new_password: 'x' },
    ])
      expect(await change(body)).toMatchObject(fail(400, 'Please fill in all password fields'));
    expect(await change({ current_password: PASSWORD, new_password: '12345' })).toMatchObject(
      fail(400, 'New password must be at least 6 characters long'),
    );
    expect(await change({ current_password: PASSWORD, new_password: PASSWORD })).toMatchObject(
      fail(400, 'New password must be different from current password'),
    );
    expect(await change({ current_password: 'wrong-one', new_password: 'another1' })).toMatchObject(
      fail(400, 'Current password is incorrect'),
    );
    expect((await login(me.username)).status).toBe(200);
  });

  it('changes the password, signs every device out and tells a verified address', async () => {
    const me = await account('pc', { verified: true });
    const connection = await live(me.token);
    const res = await api.put(
      '/user/update-password',
      { current_password: PASSWORD, new_password: 'another1' },
      me.token,
    );
    expect(res).toMatchObject({ status: 200, body: { message: ACCOUNT_TEXT.passwordUpdated } });
    await expectSignedOut(connection, me.refresh, 'password_changed', true);
    expect((await login(me.username)).status).toBe(401);
    expect((await login(me.username, 'another1')).status).toBe(200);
    const mail = await smtp.nth(me.email, 1);
    expect(mail.subject).toBe('Your password was changed');
  });
});

describe('invalidate all sessions', () => {
  it('signs out every device of the caller, this one included', async () => {
    const me = await account('iv', { email: false });
    const second = (await login(me.username)).body;
    const stranger = await account('iv2', { email: false });
    const connections = [await live(me.token), await live(second.access_token)];
    const theirs = await live(stranger.token);
    expect(await api.post('/auth/invalidate-all-sessions', {}, me.token)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_TEXT.sessionsInvalidated },
    });
    await expectSignedOut(connections[0]!, me.refresh, 'sessions_invalidated', true);
    await expectSignedOut(connections[1]!, second.refresh_token, 'sessions_invalidated', false);
    expect((await api.get('/auth/me', second.access_token)).status).toBe(401);
    // A second call with the revoked token is 401, which the client counts as done (spec 3 §7).
    expect((await api.post('/auth/invalidate-all-sessions', {}, me.token)).status).toBe(401);
    // Nobody else is concerned.
    expect(theirs.closed).toBeNull();
    expect((await api.get('/auth/me', stranger.token)).status).toBe(200);
    expect((await login(me.username)).status).toBe(200);
  });
});

/** A small PNG, for an emoji or a picture. */
const png = (colour: string) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function postForm(path: string, token: string, fields: Record<string, string | [Buffer, string]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value[0])]), value[1]);
  const res = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.json() as Promise<any>;
}

describe('account deletion', () => {
  it('removes the account and what it owns, keeps channel messages under Deleted User, and frees the name', async () => {
    const me = await account('del', { verified: true });
    const friend = await account('fr', { email: false });
    const mine = await live(me.token);
    const theirs = await live(friend.token);
    const general = (await api.get('/channel', me.token)).body.find((c: { name: string }) => c.name === 'general');

    // Things the account owns or takes part in.
    const attachment = (
      await postForm('/upload/attachment', me.token, { file: [Buffer.from('my notes'), 'notes.txt'] })
    ).attachment;
    const message = (
      await api.post(
        '/message',
        { channel_id: general.id, content: 'remember me', attachment_ids: [attachment.id] },
        me.token,
      )
    ).body;
    const theirMessage = (await api.post('/message', { channel_id: general.id, content: 'hi there' }, friend.token))
      .body;
    await api.post(`/message/${theirMessage.id}/reactions`, { emoji_unicode: '👍' }, me.token);
    const emoji = await postForm('/emoji/emojis', me.token, {
      file: [await png('#ff0000'), 'e.png'],
      name: 'mine',
      is_public: 'true',
    });
    await postForm('/upload/profile-image', me.token, { file: [await png('#00ff00'), 'me.png'] });
    const asked = await api.post('/friends/request', { username: friend.username }, me.token);
    await api.post(`/friends/${asked.body.friendship_id}/accept`, undefined, friend.token);
    const dm = await api.post('/dm/send', { recipient_id: friend.id, content: 'just us' }, me.token);
    expect(dm.status).toBe(201);
    const keys = (
      await server.ctx.db.query<{ key: string }>(
        `SELECT storage_key AS key FROM attachments WHERE user_id = $1
         UNION ALL SELECT preview_key FROM attachments WHERE user_id = $1 AND preview_key IS NOT NULL
         UNION ALL SELECT storage_key FROM profile_images WHERE user_id = $1
         UNION ALL SELECT storage_key FROM custom_emojis WHERE user_id = $1`,
        [me.id],
      )
    ).rows.map((r) => r.key);
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(await server.ctx.storage.size(key)).not.toBeNull();

    expect(await api.delete('/user/delete-account', me.token)).toMatchObject({
      status: 200,
      body: { message: ACCOUNT_TEXT.accountDeleted },
    });
    await expectSignedOut(mine, me.refresh, 'account_deleted', true);

    // No way in: not with the password, not with a reset.
    expect(await login(me.username)).toMatchObject(fail(401, TEXT.invalidCredentials));
    await api.post('/auth/forgot-password', { identifier: me.email });
    await server.ctx.mail.idle();
    expect(smtp.to(me.email).map((m) => m.subject)).toEqual(['Your Hearth verification code']);

    // Anonymised: the channel message stays, content kept, under the shared Deleted User.
    const history = (await api.get(`/message?channel_id=${general.id}&limit=50`, friend.token)).body;
    const kept = history.find((m: { id: number }) => m.id === message.id);
    expect(kept).toMatchObject({ content: 'remember me', username: DELETED_USER_NAME, role: 'SYSTEM', nickname: null });
    expect(kept.user_id).not.toBe(me.id);
    expect(kept.attachments).toEqual([]);
    const update = await theirs.waitFor(
      (f) => f.type === 'user_update' && f.data.user_id === me.id && f.data.username === DELETED_USER_NAME,
    );
    expect(update.data).toMatchObject({ nickname: null, profile_image_url: null });

    // Removed: friendship, direct messages, reactions, emoji, uploads and their files.
    await theirs.waitFor((f) => f.type === 'friend_removed' && f.data.user_id === me.id);
    await theirs.waitFor((f) => f.type === 'custom_emoji_delete' && f.data.id === emoji.id);
    expect((await api.get('/friends', friend.token)).body).toEqual([]);
    expect((await api.get('/dm/conversations', friend.token)).body).toEqual([]);
    const theirs2 = history.find((m: { id: number }) => m.id === theirMessage.id);
    expect(theirs2.reactions).toEqual([]);
    for (const table of [
      'users',
      'devices',
      'attachments',
      'custom_emojis',
      'profile_images',
      'friendships',
      'reactions',
    ])
      expect(
        (
          await server.ctx.db.query(
            `SELECT 1 FROM ${table} WHERE ${table === 'users' ? 'id' : table === 'friendships' ? 'requester_id' : 'user_id'} = $1`,
            [me.id],
          )
        ).rowCount,
        table,
      ).toBe(0);
    await removeDeletedFiles(server.ctx);
    for (const key of keys) expect(await server.ctx.storage.size(key), key).toBeNull();

    // The name and the address are free again.
    const reborn = await api.post('/auth/register', { username: me.username, password: 'fresh-one', email: me.email });
    expect(reborn.status).toBe(201);
    expect(reborn.body.user.id).not.toBe(me.id);
  });

  it('never deletes the last administrator or a system account', async () => {
    const { rows } = await server.ctx.db.query(`SELECT username FROM users WHERE role = 'ADMIN'`);
    expect(rows).toEqual([{ username: admin.username }]);
    expect(await api.delete('/user/delete-account', admin.token)).toMatchObject(fail(409, ACCOUNT_TEXT.lastAdmin));
    // Guardian can never sign in; were a token ever to exist for it, deletion would still be refused.
    const guardian = (await server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE username = 'Guardian'`))
      .rows[0]!;
    const device = (
      await server.ctx.db.query<{ id: number }>(
        `INSERT INTO devices (user_id, device_name) VALUES ($1, 'test') RETURNING id`,
        [guardian.id],
      )
    ).rows[0]!;
    const token = await server.ctx.tokens.sign({ userId: guardian.id, deviceId: device.id });
    expect(await api.delete('/user/delete-account', token)).toMatchObject(fail(403, ACCOUNT_TEXT.systemAccountDelete));
    await server.ctx.db.query('DELETE FROM devices WHERE id = $1', [device.id]);
  });
});

describe('storage', () => {
  it('reports use against the limit and recounts it from the files', async () => {
    const me = await account('st', { email: false });
    const empty = await api.get('/upload/storage-info', me.token);
    expect(empty.body).toEqual({
      used_bytes: 0,
      limit_bytes: STORAGE_LIMIT_BYTES,
      available_bytes: STORAGE_LIMIT_BYTES,
      percentage: 0,
      used_formatted: '0 B',
      limit_formatted: '1 GB',
      available_formatted: '1 GB',
    });
    await postForm('/upload/attachment', me.token, { file: [Buffer.alloc(3000, 1), 'blob.bin'] });
    expect((await api.get('/upload/storage-info', me.token)).body).toMatchObject({
      used_bytes: 3000,
      used_formatted: '2.93 KB',
      percentage: 0,
    });
    // The kept count drifts (as after a crash mid-way, say); recalculation counts the files again.
    await server.ctx.db.query('UPDATE users SET storage_used_bytes = 123456789 WHERE id = $1', [me.id]);
    const recount = await api.post('/admin/recalculate-my-storage', {}, me.token);
    expect(recount).toMatchObject({
      status: 200,
      body: {
        old_usage_bytes: 123456789,
        actual_usage_bytes: 3000,
        difference: 3000 - 123456789,
        old_usage_formatted: '117.74 MB',
        actual_usage_formatted: '2.93 KB',
        message: storageRecalculatedText('117.74 MB', '2.93 KB'),
      },
    });
    expect(await storageUsed(server, me.id)).toBe(3000);
    expect((await api.get('/upload/storage-info', me.token)).body.used_bytes).toBe(3000);
    expect(formatBytes(STORAGE_LIMIT_BYTES * 0.9)).toBe('921.6 MB');
  });
});
