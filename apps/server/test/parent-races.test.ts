import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@hearth/protocol';
import { LiveClient, uniqueName } from './client.js';
import { admin, api, server, serverForFile } from './test-server.js';

/**
 * A write whose parent (channel, group, category) is deleted between the service's access check and
 * its INSERT/UPDATE meets PostgreSQL's foreign-key check. It must answer 404, never 500.
 */

let userId: number;

serverForFile();
beforeAll(async () => {
  userId = (await api.register(uniqueName('member'))).user.id;
});

/** Runs the statement directly, bypassing any interception in place. */
const direct = (sql: string, params: unknown[]) =>
  Object.getPrototypeOf(server.ctx.db).query.call(server.ctx.db, sql, params) as Promise<unknown>;

/**
 * Right after the next pool query whose SQL starts with `prefix` returns (the service has seen the
 * parent), runs `sql` (the parent vanishes). Makes the race deterministic.
 */
function vanishAfter(prefix: string, sql: string, params: unknown[]): void {
  const db = server.ctx.db as any;
  db.query = async (...args: any[]) => {
    const result = await direct(args[0], args[1]);
    if (typeof args[0] === 'string' && args[0].trim().startsWith(prefix)) {
      delete db.query;
      await direct(sql, params);
    }
    return result;
  };
}

const newGroup = async () => (await api.post('/group', { name: uniqueName('g') }, admin.token)).body.id as number;
const newChannel = async (group_id: number) =>
  (await api.post('/channel', { name: uniqueName('c'), group_id }, admin.token)).body.id as number;
const DELETE_GROUP = 'DELETE FROM groups WHERE id = $1';
const READ_GROUP = 'SELECT * FROM groups WHERE id';
/** The start of the access check that reads a channel with the caller's permissions (groups/access.ts). */
const CHANNEL_ACCESS_CHECK = 'SELECT c.*, gp.can_view';

describe('a write racing the delete of its parent', () => {
  it('answers a message posted to a channel being deleted with 404', async () => {
    const channel = await newChannel(await newGroup());
    vanishAfter(CHANNEL_ACCESS_CHECK, 'DELETE FROM channels WHERE id = $1', [channel]);
    const res = await api.post('/message', { channel_id: channel, content: 'too late' }, admin.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: TEXT.channelNotFound });
  });

  it('answers a live send racing the channel delete with an error frame, and keeps the connection', async () => {
    const channel = await newChannel(await newGroup());
    const client = await LiveClient.authed(server.url, admin.token);
    try {
      vanishAfter(CHANNEL_ACCESS_CHECK, 'DELETE FROM channels WHERE id = $1', [channel]);
      client.send({ type: 'message', channel_id: channel, content: 'too late', nonce: 'n-race' });
      const error = await client.waitFor((f) => f.type === 'error');
      expect(error.data).toEqual({ detail: TEXT.channelNotFound, type: 'message', nonce: 'n-race' });
      client.send({ type: 'ping' });
      await client.waitFor((f) => f.type === 'pong');
    } finally {
      client.close();
    }
  });

  it('answers a category or channel created in a group being deleted with 404', async () => {
    let group = await newGroup();
    vanishAfter(READ_GROUP, DELETE_GROUP, [group]);
    const category = await api.post('/category', { name: 'late', group_id: group }, admin.token);
    expect(category.status).toBe(404);
    expect(category.body).toEqual({ detail: TEXT.groupNotFound });

    group = await newGroup();
    vanishAfter(READ_GROUP, DELETE_GROUP, [group]);
    const channel = await api.post('/channel', { name: 'late', group_id: group }, admin.token);
    expect(channel.status).toBe(404);
    expect(channel.body).toEqual({ detail: TEXT.groupNotFound });
  });

  it('answers a channel created in a category being deleted with 404', async () => {
    const group = await newGroup();
    const category = (await api.post('/category', { name: 'cat', group_id: group }, admin.token)).body.id as number;
    vanishAfter('SELECT group_id FROM categories', 'DELETE FROM categories WHERE id = $1', [category]);
    const res = await api.post('/channel', { name: 'late', group_id: group, category_id: category }, admin.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: TEXT.categoryNotFound });
  });

  it('answers a channel moved into a group being deleted with 404', async () => {
    const channel = await newChannel(await newGroup());
    const target = await newGroup();
    // The channel is read first; the only group read is the move target's.
    vanishAfter(READ_GROUP, DELETE_GROUP, [target]);
    const res = await api.patch(`/channel/${channel}`, { group_id: target }, admin.token);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: TEXT.groupNotFound });
  });

  it('answers group permissions set while the group is deleted with 404', async () => {
    const group = await newGroup();
    vanishAfter(READ_GROUP, DELETE_GROUP, [group]);
    const res = await api.put(
      `/admin/groups/${group}/permissions/${userId}`,
      { permissions: { can_post: false } },
      admin.token,
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: TEXT.groupNotFound });
  });

  it('never answers 5xx to many posts racing a channel delete', async () => {
    for (let round = 0; round < 5; round++) {
      const channel = await newChannel(await newGroup());
      const posts = Array.from({ length: 40 }, (_, i) =>
        api.post('/message', { channel_id: channel, content: `m${i}` }, admin.token),
      );
      const removal = new Promise((r) => setTimeout(r, 5 * round)).then(() =>
        api.delete(`/channel/${channel}`, admin.token),
      );
      const answers = await Promise.all(posts);
      expect((await removal).status).toBe(204);
      for (const res of answers) {
        expect([201, 404]).toContain(res.status);
        if (res.status === 404) expect(res.body).toEqual({ detail: TEXT.channelNotFound });
      }
    }
  });
});
