export { DmList } from './DmList';
export { DmChat } from './DmChat';
export { useDmLiveUpdates } from './useDmLiveUpdates';
export { useDmUnreadTotal } from './queries';
