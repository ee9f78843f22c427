import { useLocation } from 'wouter';
import { useNavigation } from '../shell/navigation';
import { useIsNarrow } from '../shell/useIsNarrow';
import { useChannels } from './queries';
import { firstTextChannel } from './channel-layout';

/**
 * Opens a group from the rail: on wide screens straight into its first text channel by name;
 * on narrow screens into its channel list, since the chat would hide the choice (spec 2 §4).
 */
export function useOpenGroup() {
  const nav = useNavigation();
  const narrow = useIsNarrow();
  const channels = useChannels();
  const [location, navigate] = useLocation();

  return (groupId: number) => {
    if (location !== '/') navigate('/');
    if (narrow) {
      if (groupId !== nav.groupId) nav.selectGroup(groupId);
      nav.setMobilePane('sidebar');
      nav.setRailOpen(false);
      return;
    }
    // Coming back to the open group keeps the channel the user was in.
    if (groupId === nav.groupId && nav.channelId !== null) return;
    const first = firstTextChannel(channels.data ?? [], groupId);
    if (first) nav.selectChannel(first.id, groupId);
    else nav.selectGroup(groupId);
  };
}
