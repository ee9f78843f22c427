import { Avatar, type AvatarProps } from '../../ui/Avatar';
import { usePresence } from './usePresence';

/** A user's avatar with their live presence dot (spec 2 §4 colours). */
export function PresenceAvatar({ userId, ...props }: Omit<AvatarProps, 'status'> & { userId: number }) {
  const presence = usePresence(userId);
  return <Avatar {...props} status={presence.status} />;
}
