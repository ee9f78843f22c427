export { FriendsPage, type FriendsPageProps } from './FriendsPage';
export { useFriendLiveUpdates, FRIEND_EVENTS } from './useFriendLiveUpdates';
export { friendKeys, useFriends, useFriendAction, type FriendAction } from './queries';
export { displayName } from './friend-lists';
