export { MiniProfileHost } from './MiniProfileHost';
export { ProfilePage } from './ProfilePage';
export { PronounsChip } from './PronounsChip';
export { openProfilePopup, closeProfilePopup } from './profile-popup';
export { useProfile, profileKeys } from './queries';
