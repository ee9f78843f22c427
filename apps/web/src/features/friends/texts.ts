/** The friends page's texts (spec 2 §2 and §8); only the client shows them. */
export const FRIENDS_TEXT = {
  loadFailed: 'Failed to load friends',
  tryAgain: 'Try Again',
  searchPlaceholder: 'Search friends...',
  requestSent: 'Friend request sent successfully',
  requestFailed: 'Failed to send friend request',
  notAcceptingTitle: 'Not Accepting Friend Requests',
  notAcceptingText: 'This user is not accepting friend requests at the moment.',
  /** How the server's refusal is recognised (spec 2 §2, mini profile popup). */
  notAcceptingMarker: 'not accepting friend requests',
  failed: {
    accept: 'Failed to accept friend request',
    decline: 'Failed to decline friend request',
    cancel: 'Failed to cancel friend request',
    remove: 'Failed to remove friend',
    block: 'Failed to block user',
    unblock: 'Failed to unblock user',
  },
} as const;
