import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@hearth/protocol';
import { LiveClient } from './client.js';
import { admin, api, server, serverForFile } from './test-server.js';

/**
 * A lone UTF-16 surrogate cannot be stored as UTF-8: PostgreSQL would keep U+FFFD, so what was
 * echoed and what history returns would differ. Every text input refuses it with a 400.
 */

let groupId: number;
let channelId: number;

const LONE = ['\uD83D', 'a\uDE00b', 'x\uDBFF'];
const refused = { detail: TEXT.textMalformed };

serverForFile();
beforeAll(async () => {
  groupId = (await api.post('/group', { name: 'Text' }, admin.token)).body.id;
  channelId = (await api.post('/channel', { name: 'chat', group_id: groupId }, admin.token)).body.id;
});

describe('lone surrogates', () => {
  it('are refused in messages sent and edited over REST; pairs are kept as sent', async () => {
    for (const content of LONE) {
      const res = await api.post('/message', { channel_id: channelId, content }, admin.token);
      expect(res.status, JSON.stringify(content)).toBe(400);
      expect(res.body).toEqual(refused);
    }
    const emoji = await api.post('/message', { channel_id: channelId, content: 'fire \uD83D\uDD25' }, admin.token);
    expect(emoji.status).toBe(201);
    const edit = await api.put(`/message/${emoji.body.id}`, { content: 'half \uD83D' }, admin.token);
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual(refused);
    const history = (await api.get(`/message?channel_id=${channelId}`, admin.token)).body;
    expect(history.at(-1).content).toBe('fire \uD83D\uDD25');
  });

  it('are refused in a live send with an error frame', async () => {
    const client = await LiveClient.authed(server.url, admin.token);
    try {
      client.send({ type: 'message', channel_id: channelId, content: 'half \uD83D', nonce: 'n-lone' });
      const error = await client.waitFor((f) => f.type === 'error');
      expect(error.data).toEqual({ ...refused, type: 'message', nonce: 'n-lone' });
    } finally {
      client.close();
    }
  });

  it('are refused in usernames and in group, category and channel names', async () => {
    const category = (await api.post('/category', { name: 'cat', group_id: groupId }, admin.token)).body.id;
    const cases: [string, string, unknown][] = [
      ['POST', '/auth/register', { username: 'name\uD800', password: 'secret1' }],
      ['POST', '/auth/login', { username: 'name\uD800', password: 'secret1' }],
      ['POST', '/group', { name: 'g\uDC00' }],
      ['PATCH', `/group/${groupId}`, { name: 'g\uDC00' }],
      ['POST', '/category', { name: 'c\uD800', group_id: groupId }],
      ['PATCH', `/category/${category}`, { name: 'c\uD800' }],
      ['POST', '/channel', { name: 'ch\uD800', group_id: groupId }],
      ['POST', '/channel', { name: 'ch', description: 'd\uDFFF', group_id: groupId }],
      ['PATCH', `/channel/${channelId}`, { name: 'ch\uD800' }],
    ];
    for (const [method, path, body] of cases) {
      const res = await api.request(method, path, body, admin.token);
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(res.body, `${method} ${path}`).toEqual(refused);
    }
  });
});
