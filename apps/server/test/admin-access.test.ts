import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TEXT, COMMAND_TEXT, ENDPOINTS, TEXT, type Endpoint } from '@hearth/protocol';
import type { Answer, Person } from './client.js';
import { admin, api, server, serverForFile } from './test-server.js';

/*
 * Who reaches the admin routes (spec 3 §6): a table of every route the endpoint catalogue marks
 * `auth: 'admin'` (so a route added to it is covered here without another line) against every kind of
 * caller. Only an active ADMIN gets past the gate; the others are refused before the handler runs,
 * whatever they send: no token 401, a user or moderator 403 'Admin privileges required', a suspended
 * admin 403 with the suspension notice (a suspended account's tokens are refused, and say why).
 */

let user: Person;
let moderator: Person;
let suspendedAdmin: Person;

serverForFile({ adminName: 'gate_admin' });
beforeAll(async () => {
  user = await api.person('gate_user');
  moderator = await api.person('gate_mod');
  await server.ctx.db.query(`UPDATE users SET role = 'MODERATOR' WHERE id = $1`, [moderator.id]);
  suspendedAdmin = await api.person('gate_susp');
  expect((await api.post(`/admin/users/${suspendedAdmin.id}/promote`, undefined, admin.token)).status).toBe(200);
  // A token taken after the promotion (which restarts live sessions, not tokens), then suspended.
  suspendedAdmin.token = (
    await api.post('/auth/login', { username: suspendedAdmin.username, password: 'secret1' })
  ).body.access_token;
  const suspended = await api.post(`/admin/users/${suspendedAdmin.id}/suspend`, { reason: 'gate test' }, admin.token);
  expect(suspended.status, JSON.stringify(suspended.body)).toBe(200);
});

const ADMIN_ENDPOINTS = ENDPOINTS.filter((e) => e.auth === 'admin');
/** An id no row has: the admin's calls on it change nothing. */
const NO_SUCH_ID = '999999999';
const urlOf = (e: Endpoint) => e.path.replace(/:[a-zA-Z_]+/g, NO_SUCH_ID);
const refusalOf = (e: Endpoint) =>
  `${e.method} ${e.path}` === 'POST /admin/guardian/announce' ? COMMAND_TEXT.noPermission : TEXT.adminOnly;

/** Calls the route; a body that is not even valid for it, so a refusal cannot come from validation. */
const call = (e: Endpoint, token?: string): Promise<Answer> =>
  api.request(e.method, urlOf(e), e.method === 'GET' ? undefined : {}, token);

describe('the admin routes', () => {
  it('are every /admin route but the spec\'s own-storage recount, and only they are "admin" there', () => {
    const notAdmin = ENDPOINTS.filter((e) => e.path.startsWith('/admin/') && e.auth !== 'admin');
    expect(notAdmin.map((e) => `${e.method} ${e.path}`)).toEqual(['POST /admin/recalculate-my-storage']);
    expect(ADMIN_ENDPOINTS.length).toBeGreaterThan(20);
  });

  it.for(ADMIN_ENDPOINTS.map((e) => ({ route: `${e.method} ${e.path}`, e })))(
    '$route: only an active admin gets past the gate',
    async ({ e }, context) => {
      // A route catalogued but not registered yet answers 404 to everyone; api-catalogue.test.ts reports it.
      if (!server.http.hasRoute({ method: e.method, url: `/api${e.path}` })) return context.skip();
      const anonymous = await call(e);
      expect([anonymous.status, anonymous.body], 'no token').toEqual([401, { detail: TEXT.notAuthenticated }]);
      const garbage = await call(e, 'not-a-token');
      expect([garbage.status, garbage.body], 'a bad token').toEqual([401, { detail: TEXT.notAuthenticated }]);
      for (const [who, person] of [
        ['USER', user],
        ['MODERATOR', moderator],
      ] as const) {
        const res = await call(e, person.token);
        expect([res.status, res.body], who).toEqual([403, { detail: refusalOf(e) }]);
      }
      const suspended = await call(e, suspendedAdmin.token);
      expect([suspended.status, suspended.body], 'a suspended admin').toEqual([
        403,
        { detail: ADMIN_TEXT.suspendedNotice('gate test') },
      ]);
      if (e.method === 'GET') {
        // Fastify answers HEAD with the GET route's handler: guarded the same.
        const head = await api.request('HEAD', urlOf(e), undefined, user.token);
        expect(head.status, 'HEAD as USER').toBe(403);
      }
      // The admin is let through: whatever the route then says (200, or 400/404 for this empty call), never 401/403.
      const res = await api.request(e.method, urlOf(e), undefined, admin.token);
      expect([401, 403], `ADMIN got ${res.status} ${JSON.stringify(res.body)}`).not.toContain(res.status);
    },
  );
});
