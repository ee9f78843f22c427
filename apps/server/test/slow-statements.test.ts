import { describe, expect, it } from 'vitest';
import type { Group } from '@hearth/protocol';
import { SERVING_BOUNDS } from '../src/db/pool.js';
import { uniqueName } from './client.js';
import { admin, api, live, server, serverForFile } from './test-server.js';

/*
 * Statements that are rightly slower than the serving pool's 10 s statement bound (SERVING_BOUNDS),
 * which is there for a database that hangs, not for work that takes long.
 */
serverForFile();

describe('statements slower than the serving bound', () => {
  it('deleting a group whose cascade outlasts query_timeout is done, answered 204 and announced live', async () => {
    const group = (await api.post('/group', { name: uniqueName('years-of-messages') }, admin.token)).body as Group;
    // Stands in for a group with years of messages behind it: its deletion takes longer than the bound.
    const seconds = SERVING_BOUNDS.query_timeout / 1000 + 1;
    await server.ctx.db.query(`
      CREATE FUNCTION slow_group_${group.id}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(${seconds}); RETURN OLD; END $$`);
    await server.ctx.db.query(`
      CREATE TRIGGER slow_group_${group.id} BEFORE DELETE ON groups
      FOR EACH ROW WHEN (OLD.id = ${group.id}) EXECUTE FUNCTION slow_group_${group.id}()`);
    const watcher = await live(admin);

    const res = await api.delete(`/group/${group.id}`, admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    await watcher.waitFor((f) => f.type === 'group_deleted' && f.data.group_id === group.id);
    const { rows } = await server.ctx.db.query('SELECT 1 FROM groups WHERE id = $1', [group.id]);
    expect(rows).toHaveLength(0);
  }, 60_000);

  it('deleting an account whose messages take longer than query_timeout to hand over is done', async () => {
    const me = await api.person('prolific');
    const channels = (await api.get('/channel/', me.token)).body as { id: number; name: string }[];
    const general = channels.find((c) => c.name === 'general')!;
    const sent = await api.post('/message', { channel_id: general.id, content: 'years of these' }, me.token);
    expect(sent.status).toBe(201);
    // Stands in for years of messages: moving them to 'Deleted User' takes longer than the bound.
    const seconds = SERVING_BOUNDS.query_timeout / 1000 + 1;
    await server.ctx.db.query(`
      CREATE FUNCTION slow_author_${me.id}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(${seconds}); RETURN NEW; END $$`);
    await server.ctx.db.query(`
      CREATE TRIGGER slow_author_${me.id} BEFORE UPDATE ON messages
      FOR EACH ROW WHEN (OLD.user_id = ${me.id}) EXECUTE FUNCTION slow_author_${me.id}()`);

    const res = await api.delete('/user/delete-account', me.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { rows } = await server.ctx.db.query('SELECT 1 FROM users WHERE id = $1', [me.id]);
    expect(rows).toHaveLength(0);
  }, 60_000);
});
