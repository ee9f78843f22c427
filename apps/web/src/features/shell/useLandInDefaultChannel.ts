import { useEffect } from 'react';
import { useChannels, useGroups } from '../groups/queries';
import { firstTextChannel } from '../groups/channel-layout';
import { useNavigation } from '../../app/navigation';
import { LANDING_FLAG as FLAG } from './landing-flag';

/**
 * A new account lands in the first group's first text channel (on a new instance: Hearth, #general)
 * instead of an empty home screen. Returning users land where their address says (home at `/`).
 */
export function useLandInDefaultChannel() {
  const nav = useNavigation();
  const groups = useGroups().data;
  const channels = useChannels().data;
  useEffect(() => {
    if (sessionStorage.getItem(FLAG) !== '1' || !groups || !channels) return;
    sessionStorage.removeItem(FLAG);
    const group = groups[0];
    // A link followed at sign-up wins.
    if (!group || nav.channelId !== null) return;
    const first = firstTextChannel(channels, group.id);
    // In place of the empty home the account started on, so Back does not lead there.
    if (first) nav.selectChannel(first.id, group.id, { replace: true });
    else nav.selectGroup(group.id, { replace: true });
  }, [groups, channels, nav]);
}
