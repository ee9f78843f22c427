import type { PublicUser } from '@hearth/protocol';
import { useQueryClient } from '@tanstack/react-query';
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

interface FriendLike {
  user: PublicUser;
}

/** The other person of a conversation: from the DM list, else the friends list in the cache, else a placeholder. */
export function useDmPartner(userId: number): { user: PublicUser; known: boolean } {
  const conversations = useConversations();
  const qc = useQueryClient();
  const fromList = conversations.data?.find((c) => c.friend.id === userId)?.friend;
  if (fromList) return { user: fromList, known: true };
  // Any cached list of people (the friends page's) will do: it only has to find this one.
  for (const [, data] of qc.getQueriesData<FriendLike[]>({ queryKey: ['friends'] })) {
    const found = Array.isArray(data) ? data.find((f) => f?.user?.id === userId)?.user : undefined;
    if (found) return { user: found, known: true };
  }
  return { user: placeholder(userId), known: false };
}
