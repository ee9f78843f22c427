import type { PublicUser, Role, SelfUser } from '@hearth/protocol';

export interface UserRow {
  id: number;
  username: string;
  password_hash: string | null;
  email: string | null;
  role: Role;
  nickname: string | null;
  pronouns: string | null;
  pronouns_bg_color: string | null;
  pronouns_text_color: string | null;
  profile_image_url: string | null;
  profile_blur_enabled: boolean;
  created_at: Date;
}

/** The columns of UserRow on a row `u` of users, for statements that must not select `*`. */
export const USER_ROW_COLUMNS =
  'u.id, u.username, u.password_hash, u.email, u.role, u.nickname, u.pronouns, u.pronouns_bg_color, ' +
  'u.pronouns_text_color, u.profile_image_url, u.profile_blur_enabled, u.created_at';

export const isAdmin = (u: { role: Role }) => u.role === 'ADMIN';
/** Admins and the system account are not limited by group permissions. */
export const bypassesGroupPermissions = (u: { role: Role }) => u.role === 'ADMIN' || u.role === 'SYSTEM';

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    username: u.username,
    role: u.role,
    nickname: u.nickname,
    pronouns: u.pronouns,
    pronouns_bg_color: u.pronouns_bg_color,
    pronouns_text_color: u.pronouns_text_color,
    profile_image_url: u.profile_image_url,
    profile_blur_enabled: u.profile_blur_enabled,
    created_at: u.created_at.toISOString(),
  };
}

/**
 * The public profile as a stranger sees it: behind the user's profile blur, no picture (Guardian is
 * never hidden). For events to someone who is not the user's friend.
 */
export function toStrangerView(u: UserRow): PublicUser {
  const user = toPublicUser(u);
  return u.profile_blur_enabled && u.role !== 'SYSTEM' ? { ...user, profile_image_url: null } : user;
}

export function toSelfUser(u: UserRow): SelfUser {
  return { ...toPublicUser(u), email: u.email, is_admin: isAdmin(u) };
}
