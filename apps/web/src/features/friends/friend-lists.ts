import type { PublicUser } from '@hearth/protocol';

export type FriendsTab = 'all' | 'online' | 'pending' | 'blocked';

/** Anything listed on the friends page: a friend, a request either way, a block; each names the other person. */
export interface Listed {
  user: PublicUser;
}

/** The name a person goes by here: their nickname, else their username. */
export const displayName = (user: Pick<PublicUser, 'username' | 'nickname'>) => user.nickname || user.username;

/** Whether the search text (trimmed, any case) is part of the username or the nickname; empty matches all. */
export function matchesSearch(user: Pick<PublicUser, 'username' | 'nickname'>, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return user.username.toLowerCase().includes(q) || (user.nickname ?? '').toLowerCase().includes(q);
}

export const filterBySearch = <T extends Listed>(list: readonly T[], search: string): T[] =>
  list.filter((entry) => matchesSearch(entry.user, search));

export interface FriendLists<F extends Listed, R extends Listed, B extends Listed> {
  friends: readonly F[];
  incoming: readonly R[];
  outgoing: readonly R[];
  blocked: readonly B[];
}

export type TabCounts = Record<FriendsTab, number>;

/** The count on each tab: the whole list, whatever the search (the search narrows the rows, not the totals). */
export function tabCounts(
  lists: FriendLists<Listed, Listed, Listed>,
  isOnline: (userId: number) => boolean,
): TabCounts {
  return {
    all: lists.friends.length,
    online: lists.friends.filter((f) => isOnline(f.user.id)).length,
    pending: lists.incoming.length + lists.outgoing.length,
    blocked: lists.blocked.length,
  };
}

/**
 * What a tab shows when it has no rows: its own empty text when its list is empty, 'No friends found'
 * when only the search left nothing.
 */
export function emptyText(tab: FriendsTab, counts: TabCounts): string {
  if (counts[tab] > 0) return 'No friends found';
  switch (tab) {
    case 'all':
      return 'No friends yet';
    case 'online':
      return counts.all === 0 ? 'No friends yet' : 'No friends online';
    case 'pending':
      return 'No pending requests';
    case 'blocked':
      return 'No blocked users';
  }
}
