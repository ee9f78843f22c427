import type { Message } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Audience } from '../events/event-log.js';
import { friendIdsOf, friendsAmong, hiddenFrom } from './visibility.js';

/**
 * A message as a stranger sees it when its author has profile blur on (spec 1 §9): no picture of the
 * author, and no previews of the attachments, each shown as sensitive (blurred until clicked).
 */
export function strangerView(message: Message): Message {
  return {
    ...message,
    profile_image_url: null,
    attachments: message.attachments.map((a) => ({ ...a, preview_url: null, is_sensitive: true })),
    sensitive_attachment_ids: message.attachments.map((a) => a.id),
  };
}

const blurredAuthor = (m: Pick<Message, 'profile_blur_enabled' | 'role'>) =>
  m.profile_blur_enabled && m.role !== 'SYSTEM';

/** The author as the blur rule (profiles/visibility.ts) sees them. */
const authorOf = (m: Message) => ({ id: m.user_id, role: m.role, profile_blur_enabled: m.profile_blur_enabled });

/** Replaces, in place, the messages of blurred authors who are neither the viewer nor their friends. */
export async function applyBlurForViewer(ctx: AppContext, viewerId: number, page: Message[]): Promise<void> {
  const none = new Set<number>();
  const authors = [...new Set(page.filter((m) => hiddenFrom(viewerId, authorOf(m), none)).map((m) => m.user_id))];
  if (authors.length === 0) return;
  const friends = await friendsAmong(ctx.db, viewerId, authors);
  for (let i = 0; i < page.length; i++)
    if (hiddenFrom(viewerId, authorOf(page[i]!), friends)) page[i] = strangerView(page[i]!);
}

const isEmpty = (a: Audience) => (a.kind === 'users' || a.kind === 'group_users') && a.userIds.length === 0;

/** The audience split in two: those who see the author behind the blur (the author and friends), and the rest. */
function split(audience: Audience, insiders: number[]): [Audience, Audience] | null {
  switch (audience.kind) {
    case 'group':
      return [
        { kind: 'group_users', groupId: audience.groupId, userIds: insiders },
        { kind: 'group', groupId: audience.groupId, except: [...(audience.except ?? []), ...insiders] },
      ];
    case 'group_users':
    case 'users': {
      const inside = audience.userIds.filter((id) => insiders.includes(id));
      const outside = audience.userIds.filter((id) => !insiders.includes(id));
      return [
        { ...audience, userIds: inside },
        { ...audience, userIds: outside },
      ];
    }
    default:
      return null;
  }
}

/**
 * Publishes an event carrying a message (`data` is the message, or holds it as `message`). For an
 * author with blur on it goes out twice, each serialised once: whole to the author and friends, the
 * stranger's view to everyone else. Any other author's costs one branch: this is the hottest path.
 */
export async function publishWithBlur(
  ctx: AppContext,
  type: string,
  message: Message,
  audience: Audience,
  wrap: (m: Message) => unknown = (m) => m,
): Promise<void> {
  const parts = blurredAuthor(message)
    ? split(audience, [message.user_id, ...(await friendIdsOf(ctx.db, message.user_id))])
    : null;
  if (!parts) {
    await ctx.events.publish(type, wrap(message), audience);
    return;
  }
  const [inside, outside] = parts;
  if (!isEmpty(inside)) await ctx.events.publish(type, wrap(message), inside);
  if (!isEmpty(outside)) await ctx.events.publish(type, wrap(strangerView(message)), outside);
}
