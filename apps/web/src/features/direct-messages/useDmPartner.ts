import type { PublicUser } from '@hearth/protocol';
import { useFriends } from '../friends';
import { useConversations } from './queries';

/** What is shown until the person is found (spec 2 §2: a placeholder user when not found). */
const placeholder = (id: number): PublicUser => ({
  id,
  username: 'Unknown user',
  role: 'USER',
  nickname: null,
  pronouns: null,
  pronouns_bg_color: null,
  pronouns_text_color: null,
  profile_image_url: null,
  profile_blur_enabled: false,
  created_at: new Date(0).toISOString(),
});

/**
 * The other person of a conversation: from the DM list (which has everyone one has written with,
 * Guardian included), else the friends list (a first message to a friend), else a placeholder.
 */
export function useDmPartner(userId: number): { user: PublicUser; loading: boolean } {
  const conversations = useConversations();
  const friends = useFriends();
  const found =
    conversations.data?.find((c) => c.friend.id === userId)?.friend ??
    friends.data?.find((f) => f.user.id === userId)?.user;
  if (found) return { user: found, loading: false };
  return { user: placeholder(userId), loading: conversations.isLoading || friends.isLoading };
}
