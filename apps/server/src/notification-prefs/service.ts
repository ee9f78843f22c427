import type { NotificationPreferences, NotificationSettings } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { requireVisibleChannel, requireVisibleGroup, visibleGroupSql } from '../groups/access.js';
import type { UserRow } from '../users/user-row.js';

/** The caller's muted channels and groups, among those they can still see. */
export async function preferences(ctx: AppContext, user: UserRow): Promise<NotificationPreferences> {
  const [channels, groups] = await Promise.all([
    ctx.db.query<{ channel_id: number }>(
      `SELECT m.channel_id FROM channel_mutes m JOIN channels c ON c.id = m.channel_id
        WHERE m.user_id = $1 AND ${visibleGroupSql(user, 'c.group_id', '$1')} ORDER BY m.channel_id`,
      [user.id],
    ),
    ctx.db.query<{ group_id: number }>(
      `SELECT m.group_id FROM group_mutes m
        WHERE m.user_id = $1 AND ${visibleGroupSql(user, 'm.group_id', '$1')} ORDER BY m.group_id`,
      [user.id],
    ),
  ]);
  return {
    channel_preferences: channels.rows.map((r) => ({ channel_id: r.channel_id, is_muted: true })),
    group_preferences: groups.rows.map((r) => ({ group_id: r.group_id, is_muted: true })),
  };
}

/** The caller's other tabs and devices learn of the change (spec 1 §4: a 'preferences update'). */
async function announce(ctx: AppContext, user: UserRow) {
  await ctx.events.publish('notification_preferences_update', await preferences(ctx, user), {
    kind: 'users',
    userIds: [user.id],
  });
}

export async function muteChannel(ctx: AppContext, user: UserRow, channelId: number, muted: boolean) {
  await requireVisibleChannel(ctx.db, user, channelId);
  await ctx.db.query(
    muted
      ? 'INSERT INTO channel_mutes (user_id, channel_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
      : 'DELETE FROM channel_mutes WHERE user_id = $1 AND channel_id = $2',
    [user.id, channelId],
  );
  await announce(ctx, user);
  return { channel_id: channelId, is_muted: muted };
}

export async function muteGroup(ctx: AppContext, user: UserRow, groupId: number, muted: boolean) {
  await requireVisibleGroup(ctx.db, user, groupId);
  await ctx.db.query(
    muted
      ? 'INSERT INTO group_mutes (user_id, group_id) VALUES ($1, $2) ON CONFLICT DO NOTHING'
      : 'DELETE FROM group_mutes WHERE user_id = $1 AND group_id = $2',
    [user.id, groupId],
  );
  await announce(ctx, user);
  return { group_id: groupId, is_muted: muted };
}

export async function settings(ctx: AppContext, user: UserRow): Promise<NotificationSettings> {
  const { rows } = await ctx.db.query<NotificationSettings>(
    'SELECT message_notifications_enabled FROM users WHERE id = $1',
    [user.id],
  );
  return { message_notifications_enabled: rows[0]?.message_notifications_enabled ?? true };
}

export async function updateSettings(
  ctx: AppContext,
  user: UserRow,
  body: NotificationSettings,
): Promise<NotificationSettings> {
  await ctx.db.query('UPDATE users SET message_notifications_enabled = $2 WHERE id = $1', [
    user.id,
    body.message_notifications_enabled,
  ]);
  return settings(ctx, user);
}
