import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_TEXT } from '@hearth/protocol';
import { sendAnnouncement } from '../src/admin/announcements.js';
import type { LoggedEvent } from '../src/events/event-log.js';
import type { UserRow } from '../src/users/user-row.js';
import type { Person } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

let guardianId: number;
const published: LoggedEvent[] = [];

serverForFile();
beforeAll(async () => {
  guardianId = (await server.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE lower(username) = 'guardian'`))
    .rows[0]!.id;
  server.ctx.events.subscribe((e) => published.push(e));
});

/** The user's conversation with Guardian, oldest first. */
const fromGuardian = async (p: Person): Promise<string[]> => {
  const res = await api.get(`/dm/conversation/${guardianId}`, p.token);
  expect(res.status).toBe(200);
  return (res.body as { content: string; user_id: number }[]).map((m) => {
    expect(m.user_id).toBe(guardianId);
    return m.content;
  });
};

const accounts = async () =>
  (await server.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE role <> 'SYSTEM'`)).rows[0]!.n;

const announcementAudits = async () =>
  (
    await server.ctx.db.query<{ admin_id: number; details: Record<string, unknown> }>(
      `SELECT admin_id, details FROM admin_audit WHERE action = 'announcement' ORDER BY id`,
    )
  ).rows;

/** Whether the presence tracker has written the user's live row (a connection counts from then on). */
const connected = async (p: Person) =>
  vi.waitFor(async () => {
    const { rows } = await server.ctx.db.query('SELECT 1 FROM live_users WHERE user_id = $1', [p.id]);
    expect(rows).toHaveLength(1);
  });

describe('POST /admin/guardian/send-announcement', () => {
  it('sends every account a Guardian message and everyone online one popup', async () => {
    const alice = await api.person('alice');
    const bob = await api.person('bob'); // not connected
    // Left a minute ago, so their client may still come back by resuming (and replay what it missed);
    // and one who left before the resume window.
    const carol = await api.person('carol');
    const dave = await api.person('dave');
    await server.ctx.db.query(`UPDATE users SET last_seen = now() - interval '1 minute' WHERE id = $1`, [carol.id]);
    await server.ctx.db.query(`UPDATE users SET last_seen = now() - interval '10 minutes' WHERE id = $1`, [dave.id]);
    const watching = await live(alice);
    await connected(alice);
    const seen = published.length;

    const res = await api.post(
      '/admin/guardian/send-announcement',
      { title: ' Maintenance ', content: 'Down at 10:00 UTC', message_type: 'admin_announcement' },
      admin.token,
    );
    const everyone = await accounts();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: ADMIN_TEXT.announcementSent(everyone), sent_count: everyone });

    const text = '**Maintenance**\n\nDown at 10:00 UTC';
    for (const p of [admin, alice, bob]) expect(await fromGuardian(p)).toEqual([text]);

    const popup = await watching.waitFor((f) => f.type === 'admin_announcement');
    expect(popup.data).toEqual({
      title: 'Maintenance',
      content: 'Down at 10:00 UTC',
      admin_username: admin.username,
      channel_id: null,
      group_id: null,
      guardian_id: guardianId,
    });
    const dm = await watching.waitFor((f) => f.type === 'direct_message');
    expect(dm.data).toMatchObject({
      content: text,
      user_id: guardianId,
      role: 'SYSTEM',
      channel_id: expect.any(Number),
    });

    // One popup event for everyone; a message event only to whoever is connected (alice) or may
    // still resume (carol).
    const events = published.slice(seen);
    const popups = events.filter((e) => e.type === 'admin_announcement');
    expect(popups.map((e) => e.audience)).toEqual([{ kind: 'all' }]);
    const messages = events.filter((e) => e.type === 'direct_message');
    const told = messages.map((e) => (e.audience as { userIds: number[] }).userIds.find((id) => id !== guardianId));
    expect(told).toContain(alice.id);
    expect(told).toContain(carol.id);
    expect(told).not.toContain(bob.id);
    expect(told).not.toContain(dave.id);
    for (const e of messages) expect((e.audience as { userIds: number[] }).userIds).toContain(guardianId);

    expect((await announcementAudits()).at(-1)).toEqual({
      admin_id: admin.id,
      details: { title: 'Maintenance', sent_count: everyone },
    });
  });

  it('refuses an empty title or content', async () => {
    const before = (await announcementAudits()).length;
    for (const [body, detail] of [
      [{ title: '  ', content: 'x' }, 'Title cannot be empty'],
      [{ title: 'x', content: ' ' }, 'Content cannot be empty'],
    ] as const) {
      const res = await api.post('/admin/guardian/send-announcement', body, admin.token);
      expect([res.status, res.body]).toEqual([400, { detail }]);
    }
    expect(await announcementAudits()).toHaveLength(before);
  });

  it('stores the messages in batches, each account once, audited once', async () => {
    const me = (await server.ctx.db.query<UserRow>('SELECT * FROM users WHERE id = $1', [admin.id])).rows[0]!;
    const carol = await api.person('carol');
    const everyone = await accounts();
    // Batches of 1 end on an empty batch, batches of n-1 on a partial one.
    for (const [i, batch] of [1, everyone - 1].entries()) {
      const audits = (await announcementAudits()).length;
      const answer = await sendAnnouncement(server.ctx, me, { title: `Batch ${i}`, content: 'hello' }, batch);
      expect(answer.sent_count).toBe(everyone);
      expect((await fromGuardian(carol)).filter((m) => m.startsWith(`**Batch ${i}**`))).toHaveLength(1);
      const { rows } = await server.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM messages WHERE user_id = $1 AND content = $2`,
        [guardianId, `**Batch ${i}**\n\nhello`],
      );
      expect(rows[0]!.n).toBe(everyone);
      expect(await announcementAudits()).toHaveLength(audits + 1);
    }
  });
});
