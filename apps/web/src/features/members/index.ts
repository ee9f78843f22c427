export { MemberPanel } from './MemberPanel';
export { useMemberLiveUpdates } from './queries';
