import type { Message } from '@hearth/protocol';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';

export const isRemovedByAdmin = (message: Pick<Message, 'content'>) => message.content === MESSAGE_REMOVED_BY_ADMIN;

/** Oldest first by timestamp; the id breaks ties so the order is stable. */
export function compareMessages(a: Message, b: Message): number {
  return Date.parse(a.timestamp) - Date.parse(b.timestamp) || a.id - b.id;
}

/**
 * A newer copy of a stored message: live data wins for content, edit time, reactions and the
 * author's profile, but a message an admin removed stays removed (a late edit must not revive it).
 */
export function mergeMessage(current: Message, incoming: Message): Message {
  return {
    ...current,
    content: isRemovedByAdmin(current) ? current.content : incoming.content,
    edited_at: incoming.edited_at,
    reactions: incoming.reactions,
    username: incoming.username,
    nickname: incoming.nickname,
    pronouns: incoming.pronouns,
    pronouns_bg_color: incoming.pronouns_bg_color,
    pronouns_text_color: incoming.pronouns_text_color,
    profile_image_url: incoming.profile_image_url,
    profile_blur_enabled: incoming.profile_blur_enabled,
    role: incoming.role,
    pinned: incoming.pinned,
  };
}

/** Adds or merges each incoming message by id, keeping the list sorted and free of duplicates. */
export function upsertMessages(list: readonly Message[], incoming: readonly Message[]): Message[] {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const message of incoming) {
    const current = byId.get(message.id);
    byId.set(message.id, current ? mergeMessage(current, message) : message);
  }
  return [...byId.values()].sort(compareMessages);
}
