export { FriendsPage, type FriendsPageProps } from './FriendsPage';
export { useFriendLiveUpdates, FRIEND_EVENTS } from './useFriendLiveUpdates';
export {
  friendKeys,
  refreshFriendLists,
  useFriends,
  useFriendAction,
  useSendFriendRequest,
  type FriendAction,
} from './queries';
export { isNotAcceptingRefusal } from './AddFriendPanel';
export { FRIENDS_TEXT } from './texts';
export { displayName, matchesSearch } from './friend-lists';
