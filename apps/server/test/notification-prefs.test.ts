import { beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '@hearth/protocol';
import type { Person } from './client.js';
import { admin, api, live, serverForFile } from './test-server.js';

let alice: Person;
let groupId: number;
let channelId: number;

serverForFile();
beforeAll(async () => {
  alice = await api.person('alice');
  groupId = (await api.post('/group', { name: 'Quiet' }, admin.token)).body.id;
  channelId = (await api.post('/channel', { name: 'noisy', group_id: groupId }, admin.token)).body.id;
});

const prefs = async (p: Person) => (await api.get('/user/notification-preferences', p.token)).body;

describe('muting', () => {
  it('mutes and unmutes a channel and a group, and tells the user’s other sessions', async () => {
    const otherTab = await live(alice);
    expect(await prefs(alice)).toEqual({ channel_preferences: [], group_preferences: [] });

    const muted = await api.post('/user/mute-channel', { channel_id: channelId, is_muted: true }, alice.token);
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({ channel_id: channelId, is_muted: true });
    expect(
      (await api.post('/user/mute-group', { group_id: String(groupId), is_muted: true }, alice.token)).body,
    ).toEqual({ group_id: groupId, is_muted: true });
    const both = {
      channel_preferences: [{ channel_id: channelId, is_muted: true }],
      group_preferences: [{ group_id: groupId, is_muted: true }],
    };
    expect(await prefs(alice)).toEqual(both);
    await otherTab.waitFor(
      (f) => f.type === 'notification_preferences_update' && f.data.group_preferences.length === 1,
    );

    // Muting twice is harmless; unmuting removes the row. Another user is untouched.
    await api.post('/user/mute-channel', { channel_id: channelId, is_muted: true }, alice.token);
    await api.post('/user/mute-channel', { channel_id: channelId, is_muted: false }, alice.token);
    await api.post('/user/mute-group', { group_id: groupId, is_muted: false }, alice.token);
    expect(await prefs(alice)).toEqual({ channel_preferences: [], group_preferences: [] });
    expect(await prefs(admin)).toEqual({ channel_preferences: [], group_preferences: [] });
  });

  it('refuses a channel or group the user cannot see, and bad input', async () => {
    await api.put(
      `/admin/groups/${groupId}/permissions/${alice.id}`,
      { permissions: { can_view: false } },
      admin.token,
    );
    try {
      const channel = await api.post('/user/mute-channel', { channel_id: channelId, is_muted: true }, alice.token);
      expect(channel.status).toBe(404);
      expect(channel.body).toEqual({ detail: TEXT.channelNotFound });
      expect((await api.post('/user/mute-group', { group_id: groupId, is_muted: true }, alice.token)).status).toBe(404);
    } finally {
      await api.put(
        `/admin/groups/${groupId}/permissions/${alice.id}`,
        { permissions: { can_view: true } },
        admin.token,
      );
    }
    expect((await api.post('/user/mute-channel', { channel_id: 999999, is_muted: true }, alice.token)).status).toBe(
      404,
    );
    const noFlag = await api.post('/user/mute-channel', { channel_id: channelId }, alice.token);
    expect(noFlag.status).toBe(400);
    expect((await api.post('/user/mute-channel', { channel_id: channelId, is_muted: 'yes' }, alice.token)).status).toBe(
      400,
    );
    expect((await api.post('/user/mute-channel', { channel_id: channelId, is_muted: true })).status).toBe(401);
  });

  it('forgets the mutes of a deleted channel', async () => {
    const doomed = (await api.post('/channel', { name: 'doomed', group_id: groupId }, admin.token)).body.id;
    await api.post('/user/mute-channel', { channel_id: doomed, is_muted: true }, alice.token);
    await api.delete(`/channel/${doomed}`, admin.token);
    expect((await prefs(alice)).channel_preferences).toEqual([]);
  });
});

describe('notification settings', () => {
  it('turns message notifications off and on for the account', async () => {
    expect((await api.get('/user/notification-settings', alice.token)).body).toEqual({
      message_notifications_enabled: true,
    });
    const off = await api.put('/user/notification-settings', { message_notifications_enabled: false }, alice.token);
    expect(off.body).toEqual({ message_notifications_enabled: false });
    expect((await api.get('/user/notification-settings', alice.token)).body.message_notifications_enabled).toBe(false);
    expect((await api.get('/user/notification-settings', admin.token)).body.message_notifications_enabled).toBe(true);
    expect((await api.put('/user/notification-settings', {}, alice.token)).status).toBe(400);
    await api.put('/user/notification-settings', { message_notifications_enabled: true }, alice.token);
  });
});
