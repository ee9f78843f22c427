import type { UserProfile } from '@hearth/protocol';
import { PROFILE_TEXT, SOCIAL_KEYS } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { friendIdsOf, friendsAmong, hiddenFrom } from './visibility.js';

/** The profile columns beyond UserRow's. */
export type ProfileRow = UserRow & {
  bio: string | null;
  profile_banner_url: string | null;
  social_links: Record<string, string>;
};

/** The profile as `viewerId` may see it: behind a blur the picture, banner, bio and links are left out. */
export function toProfile(row: ProfileRow, hidden: boolean): UserProfile {
  return {
    id: row.id,
    user_id: row.id,
    username: row.username,
    nickname: row.nickname,
    role: row.role,
    pronouns: row.pronouns,
    pronouns_bg_color: row.pronouns_bg_color,
    pronouns_text_color: row.pronouns_text_color,
    profile_image_url: hidden ? null : row.profile_image_url,
    profile_banner_url: hidden ? null : row.profile_banner_url,
    bio: hidden ? null : row.bio,
    social_links: hidden ? {} : row.social_links,
    profile_blur_enabled: row.profile_blur_enabled,
    is_hidden: hidden,
    created_at: row.created_at.toISOString(),
  };
}

export async function profileByUsername(ctx: AppContext, viewer: UserRow, username: string): Promise<UserProfile> {
  const { rows } = await ctx.db.query<ProfileRow>('SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
  const row = rows[0];
  if (!row) throw notFound(PROFILE_TEXT.userNotFound);
  const friends = await friendsAmong(ctx.db, viewer.id, [row.id]);
  return toProfile(row, hiddenFrom(viewer.id, row, friends));
}

async function ownProfile(ctx: AppContext, userId: number): Promise<ProfileRow> {
  const { rows } = await ctx.db.query<ProfileRow>('SELECT * FROM users WHERE id = $1', [userId]);
  return rows[0]!;
}

/**
 * Tells everyone who may see the user that their public face changed (name, pronouns, picture). Behind
 * a blur the picture goes only to the user and their friends: two events, each serialised once.
 */
export async function announceUserUpdate(ctx: AppContext, row: ProfileRow): Promise<void> {
  const data = {
    user_id: row.id,
    username: row.username,
    role: row.role,
    nickname: row.nickname,
    pronouns: row.pronouns,
    pronouns_bg_color: row.pronouns_bg_color,
    pronouns_text_color: row.pronouns_text_color,
    profile_image_url: row.profile_image_url,
    profile_blur_enabled: row.profile_blur_enabled,
  };
  if (!row.profile_blur_enabled || row.role === 'SYSTEM') {
    await ctx.events.publish('user_update', data, { kind: 'all' });
    return;
  }
  const insiders = [row.id, ...(await friendIdsOf(ctx.db, row.id))];
  await ctx.events.publish('user_update', data, { kind: 'users', userIds: insiders });
  await ctx.events.publish(
    'user_update',
    { ...data, profile_image_url: null },
    { kind: 'all_except', userIds: insiders },
  );
}

/** As announceUserUpdate, for a user changed elsewhere (an admin changing their role). */
export async function announceUserUpdateOf(ctx: AppContext, userId: number): Promise<void> {
  await announceUserUpdate(ctx, await ownProfile(ctx, userId));
}

type Changes = Partial<
  Pick<ProfileRow, 'nickname' | 'pronouns' | 'pronouns_bg_color' | 'pronouns_text_color' | 'bio'>
> & {
  social_links?: Record<string, string>;
};

/** Saves some profile fields of the caller and answers with the whole profile; public changes are announced. */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  changes: Changes,
  message: string,
): Promise<{ message: string; profile: UserProfile }> {
  const entries = Object.entries(changes);
  const sets = entries.map(([column], i) => `${column} = $${i + 2}`).join(', ');
  const values = entries.map(([column, value]) => (column === 'social_links' ? JSON.stringify(value) : value));
  const { rows } = await ctx.db.query<ProfileRow>(`UPDATE users SET ${sets} WHERE id = $1 RETURNING *`, [
    user.id,
    ...values,
  ]);
  const row = rows[0]!;
  if (!('bio' in changes) && !('social_links' in changes)) await announceUserUpdate(ctx, row);
  return { message, profile: toProfile(row, false) };
}

/** The fifteen social_* fields as stored: without the prefix, empty ones left out. */
export function socialLinksFrom(body: Record<string, string | null | undefined>): Record<string, string> {
  const links: Record<string, string> = {};
  for (const key of SOCIAL_KEYS) {
    const value = body[`social_${key}`];
    if (value) links[key] = value;
  }
  return links;
}

export async function announcePicture(ctx: AppContext, userId: number): Promise<void> {
  await announceUserUpdate(ctx, await ownProfile(ctx, userId));
}
