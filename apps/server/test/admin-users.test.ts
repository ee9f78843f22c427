import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_TEXT,
  ADMIN_TEXT,
  CLOSE,
  DELETED_USER_NAME,
  GUARDIAN_USERNAME,
  TEXT,
  type AdminUser,
  type AuditEntry,
} from '@hearth/protocol';
import { LiveClient, type Person } from './client.js';
import { admin, api, betweenSignInChecks, connectLive, live, server, serverForFile } from './test-server.js';

/*
 * The admin panel's Users tab on the server (spec 3 §2 Admin panel, §3, §5, §7, §8): the list, promote
 * and demote, Set Email, User Activity, the audit log, the self-protection rules and FINAL BREACH,
 * including two admins acting on each other at the same moment. Suspension and termination are in
 * admin-sessions.test.ts; who may call these at all, in admin-access.test.ts.
 */

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

serverForFile({ adminName: 'root' });

async function idOf(username: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE username = $1', [username]);
  return Number(rows[0]!.id);
}

const promote = (id: number, by = admin) => api.post(`/admin/users/${id}/promote`, undefined, by.token);
const demote = (id: number, by = admin) => api.post(`/admin/users/${id}/demote`, undefined, by.token);
const suspend = (id: number, reason: unknown, by = admin) =>
  api.post(`/admin/users/${id}/suspend`, { reason }, by.token);
const setEmail = (id: number, email: unknown, by = admin) => api.put(`/admin/users/${id}/email`, { email }, by.token);

/** A second admin, promoted by the first; their token is taken after, as a signed-in admin's would be. */
async function newAdmin(prefix: string, by = admin): Promise<Person> {
  const p = await api.person(prefix);
  expect((await promote(p.id, by)).status).toBe(200);
  return p;
}

async function latestAudit(by = admin): Promise<AuditEntry> {
  const res = await api.get<{ entries: AuditEntry[] }>('/admin/audit?limit=1', by.token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.entries[0]!;
}

async function roleOf(id: number): Promise<string> {
  const { rows } = await server.ctx.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [id]);
  return rows[0]!.role;
}

describe('the users list', () => {
  it('lists every account by id, without Guardian and the other SYSTEM accounts', async () => {
    const someone = await api.person('listed');
    const res = await api.get<{ users: AdminUser[] }>('/admin/users', admin.token);
    expect(res.status).toBe(200);
    const names = res.body.users.map((u) => u.username);
    expect(names).not.toContain(GUARDIAN_USERNAME);
    expect(names).not.toContain(DELETED_USER_NAME);
    expect(res.body.users.every((u) => u.role !== 'SYSTEM')).toBe(true);
    expect(res.body.users).toContainEqual({
      id: admin.id,
      username: admin.username,
      role: 'ADMIN',
      is_suspended: false,
    });
    expect(res.body.users).toContainEqual({
      id: someone.id,
      username: someone.username,
      role: 'USER',
      is_suspended: false,
    });
    const ids = res.body.users.map((u) => u.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('promote and demote', () => {
  it('moves a user to ADMIN and back, each with its text, the user as they are now, and an audit entry', async () => {
    const p = await api.person('promoted');
    const up = await promote(p.id);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toEqual({
      message: ADMIN_TEXT.promoted(p.username),
      user: { id: p.id, username: p.username, role: 'ADMIN', is_suspended: false },
    });
    expect(await roleOf(p.id)).toBe('ADMIN');
    expect(await latestAudit()).toMatchObject({
      admin_id: admin.id,
      admin_username: admin.username,
      action: 'promote',
      target_user_id: p.id,
      target_username: p.username,
      details: { from: 'USER' },
    });
    // The new admin's own token works for the admin routes at once (each request reads the role).
    expect((await api.get('/admin/users', p.token)).status).toBe(200);

    expect(await promote(p.id)).toMatchObject({ status: 400, body: { detail: ADMIN_TEXT.alreadyAdmin } });
    const down = await demote(p.id);
    expect(down.status, JSON.stringify(down.body)).toBe(200);
    expect(down.body).toEqual({
      message: ADMIN_TEXT.demoted(p.username),
      user: { id: p.id, username: p.username, role: 'USER', is_suspended: false },
    });
    expect(await latestAudit()).toMatchObject({ action: 'demote', target_user_id: p.id });
    expect((await api.get('/admin/users', p.token)).status).toBe(403);
    expect(await demote(p.id)).toMatchObject({ status: 400, body: { detail: ADMIN_TEXT.notAdmin } });
  });

  it('tells everyone of the new role with user_update, so member lists show it without a reload', async () => {
    const p = await api.person('seenrole');
    const onlooker = await LiveClient.authed(server.url, (await api.person('onlooker')).token);
    try {
      expect((await promote(p.id)).status).toBe(200);
      const up = await onlooker.waitFor((f) => f.type === 'user_update' && f.data.user_id === p.id);
      expect(up.data).toMatchObject({ user_id: p.id, username: p.username, role: 'ADMIN' });
      expect((await demote(p.id)).status).toBe(200);
      const down = await onlooker.waitFor(
        (f) => f.type === 'user_update' && f.data.user_id === p.id && f.data.role === 'USER',
      );
      expect(down.data).toMatchObject({ user_id: p.id, role: 'USER' });
    } finally {
      onlooker.close();
    }
  });

  it('promotes a moderator; demotes only admins', async () => {
    const mod = await api.person('moder');
    await server.ctx.db.query(`UPDATE users SET role = 'MODERATOR' WHERE id = $1`, [mod.id]);
    expect(await demote(mod.id)).toMatchObject({ status: 400, body: { detail: ADMIN_TEXT.notAdmin } });
    expect((await promote(mod.id)).body.user.role).toBe('ADMIN');
    expect(await latestAudit()).toMatchObject({ action: 'promote', details: { from: 'MODERATOR' } });
  });

  it("restarts the user's live sessions, so what they see is worked out for the new role", async () => {
    const p = await api.person('restarted');
    const session = await live(p);
    const ready = session.frames.find((f) => f.type === 'ready')!;
    expect((await promote(p.id)).status).toBe(200);
    expect((await session.waitForClose()).code).toBe(CLOSE.serviceRestart);
    // The session cannot be resumed with its old view; a new one says is_admin.
    const again = await connectLive();
    again.send({ type: 'resume', session_id: ready.data.session_id, seq: ready.seq ?? 0, token: p.token });
    await again.waitFor((f) => f.type === 'invalid_session');
    again.send({ type: 'auth', token: p.token });
    expect((await again.waitFor((f) => f.type === 'ready')).data.user.is_admin).toBe(true);
  });

  it('refuses to resume a session left before the role changed', async () => {
    const p = await api.person('away');
    const left = await LiveClient.authed(server.url, p.token);
    const ready = left.frames.find((f) => f.type === 'ready')!;
    left.close();
    await left.waitForClose();
    expect((await promote(p.id)).status).toBe(200);
    const back = await connectLive();
    back.send({ type: 'resume', session_id: ready.data.session_id, seq: ready.seq ?? 0, token: p.token });
    await back.waitFor((f) => f.type === 'invalid_session');
  });

  it("leaves alone someone else's new session when a session that missed the role change resumes", async () => {
    const bystander = await api.person('blip');
    const away = await LiveClient.authed(server.url, bystander.token);
    const ready = away.frames.find((f) => f.type === 'ready')!;
    away.socket.terminate(); // a network blip: the session waits to be resumed
    await away.waitForClose();
    const p = await api.person('promoted');
    expect((await promote(p.id)).status).toBe(200);
    const promoted = await live(p); // signed in afresh as an admin
    const back = await connectLive();
    back.send({ type: 'resume', session_id: ready.data.session_id, seq: ready.seq ?? 0, token: bystander.token });
    await back.waitFor((f) => f.type === 'resumed');
    // The replay held p's role change; it is p's business, already done.
    await new Promise((r) => setTimeout(r, 200));
    expect(promoted.closed).toBeNull();
    expect(back.closed).toBeNull();
  });

  it('restarts a live sign-in whose role changed between its two checks', async () => {
    const p = await api.person('between');
    const client = await connectLive();
    const promoted = async () => void expect((await promote(p.id)).status).toBe(200);
    const raced = await betweenSignInChecks(p.id, promoted, async () => {
      client.send({ type: 'auth', token: p.token });
      expect((await client.waitForClose()).code).toBe(CLOSE.serviceRestart);
    });
    expect(raced).toBe(true);
    expect(client.ofType('ready')).toEqual([]);
  });

  it('answers 404 for an unknown user and 400 for Guardian and SYSTEM accounts', async () => {
    expect(await promote(999_999_999)).toMatchObject({ status: 404, body: { detail: ADMIN_TEXT.userNotFound } });
    for (const name of [GUARDIAN_USERNAME, DELETED_USER_NAME]) {
      const id = await idOf(name);
      for (const res of [
        await promote(id),
        await demote(id),
        await suspend(id, 'no'),
        await api.post(`/admin/users/${id}/unsuspend`, undefined, admin.token),
        await setEmail(id, 'sys@example.test'),
        await api.delete(`/admin/users/${id}`, admin.token),
      ])
        expect([name, res.status, res.body]).toEqual([name, 400, { detail: ADMIN_TEXT.notSystem }]);
      expect(await api.get(`/admin/users/${id}/activity`, admin.token)).toMatchObject({
        status: 404,
        body: { detail: ADMIN_TEXT.userNotFound },
      });
    }
  });
});

describe('self-protection', () => {
  it('refuses to demote, suspend or delete oneself', async () => {
    for (const res of [
      await demote(admin.id),
      await suspend(admin.id, 'me'),
      await api.delete(`/admin/users/${admin.id}`, admin.token),
    ])
      expect([res.status, res.body]).toEqual([400, { detail: ADMIN_TEXT.notYourself }]);
    expect(await roleOf(admin.id)).toBe('ADMIN');
  });
});

describe('deleting a user who is uploading', () => {
  it('waits for the upload to finish instead of deadlocking with its storage charge', async () => {
    const p = await api.person('uploading');
    const upload = await server.ctx.db.connect();
    try {
      await upload.query('BEGIN');
      // What the upload's insert takes first: a key share lock on the user row its file references.
      await upload.query('SELECT 1 FROM users WHERE id = $1 FOR KEY SHARE', [p.id]);
      const { rows } = await upload.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const deletion = api.delete(`/admin/users/${p.id}`, admin.token);
      for (let i = 0; ; i++) {
        const { rows: waiting } = await server.ctx.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> $1`,
          [rows[0]!.pid],
        );
        if (waiting[0]!.n > 0) break; // the deletion waits for the upload
        if (i > 500) throw new Error('the deletion never waited for the upload');
        await new Promise((r) => setTimeout(r, 10));
      }
      // Then the upload's storage charge updates the same row, as the stored-file trigger does.
      await upload.query('UPDATE users SET storage_used_bytes = storage_used_bytes + 1 WHERE id = $1', [p.id]);
      await upload.query('COMMIT');
      const res = await deletion;
      expect([res.status, res.body]).toMatchObject([200, { user: { id: p.id } }]);
    } finally {
      upload.release();
    }
  });
});

describe('FINAL BREACH', () => {
  /**
   * Holds every admin's row lock in a transaction of the test's own and starts the calls one by one,
   * each once the one before waits for those locks (having passed authentication: both callers are
   * admins then); then lets them go. They meet exactly as two admins clicking at the same moment
   * would, and take the locks in the order given.
   */
  async function together<T>(calls: (() => Promise<T>)[]): Promise<T[]> {
    const blocker = await server.ctx.db.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(`SELECT id FROM users WHERE role = 'ADMIN' ORDER BY id FOR UPDATE`);
      const running: Promise<T>[] = [];
      for (const call of calls) {
        running.push(call());
        await waitingForAdminLocks(running.length);
      }
      await blocker.query('COMMIT');
      return await Promise.all(running);
    } finally {
      blocker.release();
    }
  }

  async function waitingForAdminLocks(n: number): Promise<void> {
    for (let i = 0; ; i++) {
      // Asked outside the blocker's transaction, which would keep seeing its first statistics snapshot;
      // only the calls' own statement counts (other writes, presence say, can wait on these rows too).
      const { rows } = await server.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
        [`SELECT id, username, role, is_suspended, email, email_verified FROM users WHERE %`],
      );
      if (rows[0]!.n >= n) return;
      if (i > 500) throw new Error('the calls never met the lock');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** Admins set aside by onlyTwoAdmins, made admins again after each test. */
  let setAside: number[] = [];
  async function restoreSetAside(): Promise<void> {
    await server.ctx.db.query(`UPDATE users SET role = 'ADMIN' WHERE id = ANY($1::bigint[])`, [setAside]);
    setAside = [];
  }
  afterEach(restoreSetAside);

  /** Two new admins, and every other admin set aside (made a USER) until the test ends. */
  async function onlyTwoAdmins(prefix: string): Promise<[Person, Person]> {
    await restoreSetAside();
    const a = await newAdmin(`${prefix}a`);
    const b = await newAdmin(`${prefix}b`);
    const { rows } = await server.ctx.db.query<{ id: number }>(
      `UPDATE users SET role = 'USER' WHERE role = 'ADMIN' AND id <> ALL($1::bigint[]) RETURNING id`,
      [[a.id, b.id]],
    );
    setAside = rows.map((r) => Number(r.id));
    return [a, b];
  }

  async function activeAdmins(): Promise<number[]> {
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `SELECT id FROM users WHERE role = 'ADMIN' AND NOT is_suspended ORDER BY id`,
    );
    return rows.map((r) => Number(r.id));
  }

  it('lets exactly one of two admins demoting each other at once succeed; the other gets 409', async () => {
    const [a, b] = await onlyTwoAdmins('dd');
    const [byA, byB] = await together([() => demote(b.id, a), () => demote(a.id, b)]);
    expect(byA!.status, JSON.stringify(byA!.body)).toBe(200);
    expect([byB!.status, byB!.body]).toEqual([409, { detail: ADMIN_TEXT.finalBreach }]);
    expect(ADMIN_TEXT.finalBreach.startsWith('FINAL BREACH')).toBe(true);
    expect(await activeAdmins()).toEqual([a.id]);
    expect(await latestAudit(a)).toMatchObject({ action: 'demote', admin_id: a.id, target_user_id: b.id });
  });

  it('does the same for two admins suspending or deleting each other at once', async () => {
    {
      const [a, b] = await onlyTwoAdmins('ss');
      const [byA, byB] = await together([() => suspend(b.id, 'race', a), () => suspend(a.id, 'race', b)]);
      expect(byA!.status, JSON.stringify(byA!.body)).toBe(200);
      expect([byB!.status, byB!.body]).toEqual([409, { detail: ADMIN_TEXT.finalBreach }]);
      expect(await activeAdmins()).toEqual([a.id]);
    }
    {
      const [a, b] = await onlyTwoAdmins('xx');
      const [byA, byB] = await together([
        () => api.delete(`/admin/users/${b.id}`, a.token),
        () => api.delete(`/admin/users/${a.id}`, b.token),
      ]);
      expect(byA!.status, JSON.stringify(byA!.body)).toBe(200);
      expect([byB!.status, byB!.body]).toEqual([409, { detail: ADMIN_TEXT.finalBreach }]);
      expect(await activeAdmins()).toEqual([a.id]);
    }
  });

  it('lets both through when a third admin remains', async () => {
    const [a, b] = await onlyTwoAdmins('tt');
    const c = await newAdmin('ttc', a);
    const [byA, byB] = await together([() => demote(b.id, a), () => demote(a.id, b)]);
    // b's call was authenticated before a demoted b, and then finds c still there: both go through,
    // except that b is no admin any more by then (403).
    expect(byA!.status).toBe(200);
    expect([byB!.status, byB!.body]).toEqual([403, { detail: TEXT.adminOnly }]);
    expect(await activeAdmins()).toEqual([a.id, c.id]);
  });

  it('counts only active admins: a suspended admin is no other admin', async () => {
    const [a, b] = await onlyTwoAdmins('ca');
    expect((await suspend(b.id, 'away', a)).status).toBe(200);
    // b is still an ADMIN, but suspended: a is the last active one. a can still act on b.
    expect(await activeAdmins()).toEqual([a.id]);
    expect((await api.delete(`/admin/users/${b.id}`, a.token)).status).toBe(200);
    // And with only a left, there is nobody who could take a away: the rule holds without any race.
    expect(await activeAdmins()).toEqual([a.id]);
  });

  it('refuses an admin who was demoted while their call waited (403)', async () => {
    const a = await newAdmin('late');
    const victim = await api.person('victim');
    // admin demotes a while a's promote of the victim waits behind the same locks: a is refused.
    const [, late] = await together([() => demote(a.id), () => promote(victim.id, a)]);
    expect([late!.status, late!.body]).toEqual([403, { detail: TEXT.adminOnly }]);
    expect(await roleOf(victim.id)).toBe('USER');
  });
});

describe('Set Email', () => {
  it("refuses what is not an address with the spec's text", async () => {
    const p = await api.person('badmail');
    for (const email of [
      '',
      'no-at-sign',
      'two@@example.test',
      'a b@example.test',
      'x@nodot',
      'x<victim@mail.example>',
    ])
      expect([email, (await setEmail(p.id, email)).body]).toEqual([email, { detail: ADMIN_TEXT.invalidEmail }]);
    // Without the key at all, the same text.
    const missing = await api.put(`/admin/users/${p.id}/email`, {}, admin.token);
    expect([missing.status, missing.body]).toEqual([400, { detail: ADMIN_TEXT.invalidEmail }]);
  });

  it('sets the address unverified and mails it a code, which the user then verifies', async () => {
    const p = await api.person('mailset');
    const address = `${p.username.toLowerCase()}@example.test`;
    const res = await setEmail(p.id, `  ${address}  `);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: ADMIN_TEXT.emailSet,
      user: { id: p.id, username: p.username, role: 'USER', is_suspended: false },
    });
    expect((await api.get('/user/email-status', p.token)).body).toEqual({
      email: address,
      email_verified: false,
      has_pending_verification: true,
    });
    expect(await latestAudit()).toMatchObject({
      action: 'set_email',
      target_user_id: p.id,
      details: { email: address },
    });
    await server.ctx.mail.idle();
    const { rows } = await server.ctx.db.query<{ text_body: string }>(
      'SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [address],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]!.text_body)![1];
    const verified = await api.post('/user/verify-email', { verification_code: code }, p.token);
    expect(verified.body).toEqual({ message: ACCOUNT_TEXT.emailVerified });

    // Set again by an admin: unverified again.
    expect((await setEmail(p.id, address)).status).toBe(200);
    expect((await api.get('/user/email-status', p.token)).body.email_verified).toBe(false);
  });

  it('mails no password reset to an address an admin set, until the user verifies it', async () => {
    const p = await api.person('takeover');
    const address = `${p.username.toLowerCase()}@example.test`;
    expect((await setEmail(p.id, address)).status).toBe(200);
    const resetMails = async () => {
      await server.ctx.mail.idle();
      const { rows } = await server.ctx.db.query<{ kind: string; text_body: string }>(
        `SELECT kind, text_body FROM mail_outbox WHERE to_address = $1 AND kind LIKE 'password_reset%' ORDER BY id`,
        [address],
      );
      return rows;
    };
    // Whoever reads that mailbox (perhaps the admin who typed it) is not shown to be the user.
    for (const identifier of [p.username, address])
      expect((await api.post('/auth/forgot-password', { identifier })).status).toBe(200);
    expect(await resetMails()).toEqual([]);

    // Verified by the user while signed in: the address is theirs, and a reset link goes there.
    await server.ctx.mail.idle();
    const { rows } = await server.ctx.db.query<{ text_body: string }>(
      `SELECT text_body FROM mail_outbox WHERE to_address = $1 AND kind = 'email_verification' ORDER BY id DESC LIMIT 1`,
      [address],
    );
    const code = /\b(\d{6})\b/.exec(rows[0]!.text_body)![1];
    expect((await api.post('/user/verify-email', { verification_code: code }, p.token)).status).toBe(200);
    await api.post('/auth/forgot-password', { identifier: p.username });
    expect((await resetMails()).map((m) => m.kind)).toEqual(['password_reset']);
  });

  it("refuses another account's address (409) and an unknown user (404)", async () => {
    const owner = await api.person('owner');
    const other = await api.person('other');
    const address = `${owner.username.toLowerCase()}@example.test`;
    expect((await setEmail(owner.id, address)).status).toBe(200);
    expect(await setEmail(other.id, address.toUpperCase())).toMatchObject({
      status: 409,
      body: { detail: ACCOUNT_TEXT.emailInUse },
    });
    expect((await setEmail(999_999_999, 'x@example.test')).status).toBe(404);
  });
});

describe('User Activity', () => {
  it('gives the last sign-in (time, address, device) and the suspension', async () => {
    const p = await api.person('active');
    const before = Date.now();
    const login = await api.request('POST', '/auth/login', { username: p.username, password: 'secret1' }, undefined, {
      'user-agent': CHROME_LINUX,
    });
    expect(login.status).toBe(200);
    const res = await api.get(`/admin/users/${p.id}/activity`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: p.id,
      username: p.username,
      last_login_ip: '127.0.0.1',
      last_login_device: 'Chrome on Linux',
      is_suspended: false,
      suspend_reason: null,
    });
    expect(Date.parse(res.body.last_login_at)).toBeGreaterThanOrEqual(before - 1_000);
    expect((await suspend(p.id, 'spam')).status).toBe(200);
    expect((await api.get(`/admin/users/${p.id}/activity`, admin.token)).body).toMatchObject({
      is_suspended: true,
      suspend_reason: 'spam',
    });
    expect((await api.get('/admin/users/999999999/activity', admin.token)).status).toBe(404);
  });

  it('has nothing to show for an account that never signed in since', async () => {
    const id = (await api.person('fresh')).id;
    await server.ctx.db.query(
      'UPDATE users SET last_login_at = NULL, last_login_ip = NULL, last_login_device = NULL WHERE id = $1',
      [id],
    );
    expect((await api.get(`/admin/users/${id}/activity`, admin.token)).body).toMatchObject({
      last_login_at: null,
      last_login_ip: null,
      last_login_device: null,
    });
  });
});

describe('the audit log', () => {
  it('records the Guardian message and the app version, and pages back newest first', async () => {
    const p = await api.person('told');
    const sent = await api.post(
      '/admin/guardian/send-message',
      { user_id: p.id, title: 'Hello', content: 'Welcome aboard' },
      admin.token,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await latestAudit()).toMatchObject({
      action: 'guardian_message',
      target_user_id: p.id,
      target_username: p.username,
      details: { title: 'Hello', message_id: sent.body.message_id },
    });
    expect((await api.put('/admin/app-version', { version: '9.9.9' }, admin.token)).status).toBe(200);
    expect(await latestAudit()).toMatchObject({ action: 'app_version', details: { version: '9.9.9' } });

    const all = await api.get<{ entries: AuditEntry[] }>('/admin/audit?limit=200', admin.token);
    const ids = all.body.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page = await api.get<{ entries: AuditEntry[] }>(`/admin/audit?before=${ids[0]}&limit=2`, admin.token);
    expect(page.body.entries.map((e) => e.id)).toEqual(ids.slice(1, 3));
  });

  it('refuses a Guardian message to a deleted account without an entry', async () => {
    const before = (await latestAudit()).id;
    const res = await api.post(
      '/admin/guardian/send-message',
      { user_id: 999_999_999, title: 'Hello', content: 'Nobody' },
      admin.token,
    );
    expect(res.status).toBe(404);
    expect((await latestAudit()).id).toBe(before);
  });
});
