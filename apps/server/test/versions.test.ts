import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT, VERSION_TEXT } from '@hearth/protocol';
import { SERVER_VERSION } from '../src/versions/service.js';
import { LiveClient, type Person } from './client.js';
import { admin, api, server, serverForFile } from './test-server.js';

let alice: Person;

serverForFile();
beforeAll(async () => {
  alice = await api.person('alice');
});

describe('versions', () => {
  it('tells anyone, signed in or not, the server, API and newest client versions', async () => {
    const res = await api.get('/version');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ version: SERVER_VERSION, api_version: 'v2', app_version: SERVER_VERSION });
    expect(SERVER_VERSION).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lets only an admin read or set the app version', async () => {
    const tries = [
      (token?: string) => api.get('/admin/app-version', token),
      (token?: string) => api.put('/admin/app-version', { version: '9.9.9' }, token),
    ];
    for (const attempt of tries) {
      const refused = await attempt(alice.token);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ detail: TEXT.adminOnly });
      expect((await attempt()).status).toBe(401);
    }
    expect((await api.get('/admin/app-version', admin.token)).body).toEqual({ version: SERVER_VERSION });
  });

  it('refuses a blank, spaced or overlong version with the spec text', async () => {
    for (const version of ['', '   ', '1 2', 'x'.repeat(33), 7]) {
      const res = await api.put('/admin/app-version', { version }, admin.token);
      expect(res.status, JSON.stringify(version)).toBe(400);
      expect(res.body).toEqual({ detail: VERSION_TEXT.invalidVersion });
    }
    expect((await api.get('/version')).body.app_version).toBe(SERVER_VERSION);
  });

  it('sets a new one for everyone, and tells every live session at once', async () => {
    const watcher = await LiveClient.authed(server.url, alice.token);
    try {
      const res = await api.put('/admin/app-version', { version: ' 0.3.0-beta.1 ' }, admin.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ version: '0.3.0-beta.1' });
      const event = await watcher.waitFor((f) => f.type === 'app_version_update');
      expect(event.data).toEqual({ version: '0.3.0-beta.1' });
      expect((await api.get('/version')).body.app_version).toBe('0.3.0-beta.1');
      expect((await api.get('/admin/app-version', admin.token)).body).toEqual({ version: '0.3.0-beta.1' });
    } finally {
      watcher.close();
    }
  });
});
