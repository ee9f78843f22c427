import { describe, expect, it } from 'vitest';
import type { Person } from './client.js';
import { admin, api, server, serverForFile } from './test-server.js';

serverForFile();

const members = (viewer: Person, channelId: number, query = '') =>
  api.get(`/channel/${channelId}/members${query}`, viewer.token);

async function newGroupChannel(name: string) {
  const group = (await api.post('/group', { name }, admin.token)).body;
  const channel = (await api.post('/channel', { name: 'talk', group_id: group.id }, admin.token)).body;
  return { group, channel };
}

describe('the member panel', () => {
  it('lists who can view the channel, by display name, without Guardian or hidden users', async () => {
    const { group, channel } = await newGroupChannel('Members A');
    const zed = await api.person('zed');
    const amy = await api.person('amy');
    const hidden = await api.person('hid');
    await api.put('/user/update-nickname', { nickname: 'Aardvark' }, zed.token);
    await api.put(
      `/admin/groups/${group.id}/permissions/${hidden.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    const { body } = await members(amy, channel.id, '?limit=500');
    const names = body.members.map((m: any) => m.nickname ?? m.username);
    expect(names).not.toContain('Guardian');
    expect(names).not.toContain(hidden.username);
    expect(names).toContain('Aardvark');
    expect(body.total).toBe(body.members.length);
    const sorted = [...names].sort((a: string, b: string) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    expect(names).toEqual(sorted);
    // The hidden user cannot see the channel at all.
    expect((await members(hidden, channel.id)).status).toBe(404);
  });

  it('pages through 10,000 members by cursor, each once, in order', async () => {
    const { channel } = await newGroupChannel('Members B');
    await server.ctx.db.query(
      `INSERT INTO users (username, password_hash)
       SELECT 'bulk' || lpad(i::text, 5, '0'), NULL FROM generate_series(1, 10000) AS i`,
    );
    await server.ctx.db.query('ANALYZE users');
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    let pages = 0;
    do {
      const query: string = `?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`;
      const { body } = await members(admin, channel.id, query);
      if (pages === 0) total = body.total;
      else expect(body.total).toBe(-1);
      seen.push(...body.members.map((m: any) => m.username));
      after = body.next;
      pages++;
    } while (after);
    expect(total).toBeGreaterThanOrEqual(10_000);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const bulk = seen.filter((n) => n.startsWith('bulk'));
    expect(bulk[0]).toBe('bulk00001');
    expect(bulk.at(-1)).toBe('bulk10000');
    expect((await members(admin, channel.id, '?after=nonsense')).status).toBe(400);
  });

  it('walks the display-name index for a later page, not the whole table', async () => {
    const { rows } = await server.ctx.db.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT id FROM users u WHERE (lower(COALESCE(u.nickname, u.username)), u.id) > ('bulk05000', 0)
        ORDER BY lower(COALESCE(u.nickname, u.username)), u.id LIMIT 201`,
    );
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('users_display_name_idx');
    expect(plan).not.toContain('Sort');
  });

  it('leaves out pictures a member’s blur hides from the viewer', async () => {
    const { channel } = await newGroupChannel('Members C');
    const shy = await api.person('shy');
    const viewer = await api.person('viewer');
    await server.ctx.db.query(`UPDATE users SET profile_image_url = '/api/profile-images/x.webp' WHERE id = $1`, [
      shy.id,
    ]);
    await api.put('/privacy/settings', { profile_blur_enabled: true }, shy.token);
    const find = async (p: Person) => {
      for (let after: string | null = null; ;) {
        const query: string = `?limit=500${after ? `&after=${encodeURIComponent(after)}` : ''}`;
        const { body } = await members(p, channel.id, query);
        const found = (body.members as any[]).find((m) => m.id === shy.id);
        if (found || !body.next) return found;
        after = body.next;
      }
    };
    expect((await find(viewer)).profile_image_url).toBeNull();
    expect((await find(shy)).profile_image_url).toBe('/api/profile-images/x.webp');
  });
});
