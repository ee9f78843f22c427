import type { Category, Channel, Group, Reaction, SelfUser } from '@hearth/protocol';

const created_at = '2025-01-01T00:00:00.000Z';

/** A signed-in user as the server describes them: alice (id 7), a plain user, unless told otherwise. */
export function user(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 7,
    username: 'alice',
    role: 'USER',
    nickname: null,
    pronouns: null,
    pronouns_bg_color: null,
    pronouns_text_color: null,
    profile_image_url: null,
    profile_blur_enabled: false,
    created_at,
    email: null,
    is_admin: false,
    ...overrides,
  };
}

export const admin = () => user({ id: 1, username: 'root', role: 'ADMIN', is_admin: true });

export const group = (id: number, name: string, icon: string | null = null): Group => ({ id, name, icon, created_at });

export const category = (id: number, name: string, group_id: number, position = id): Category => ({
  id,
  name,
  group_id,
  position,
  created_at,
});

export const channel = (id: number, name: string, group_id: number, extra: Partial<Channel> = {}): Channel => ({
  id,
  name,
  description: null,
  channel_type: 'text',
  group_id,
  category_id: null,
  max_participants: 10,
  bitrate: 64000,
  position: id,
  created_at,
  ...extra,
});

/** A Unicode reaction by alice (id 7) to message 1 in channel 1, unless told otherwise. */
export const reaction = (id: number, emoji_unicode: string, extra: Partial<Reaction> = {}): Reaction => ({
  id,
  message_id: 1,
  channel_id: 1,
  user_id: 7,
  username: 'alice',
  emoji_id: null,
  emoji_unicode,
  emoji_name: null,
  emoji_url: null,
  created_at,
  ...extra,
});
