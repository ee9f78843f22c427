export { PresenceStore, OFFLINE, type PresenceView } from './presence-store';
export { usePresence, usePresenceVersion } from './usePresence';
export { PresenceDot, presenceText } from './PresenceDot';
export { PresenceAvatar } from './PresenceAvatar';
export { usePresenceFeed } from './usePresenceFeed';
export { StatusMenu } from './StatusMenu';
