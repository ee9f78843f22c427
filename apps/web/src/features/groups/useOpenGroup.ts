import { useLocation } from 'wouter';
import { useNavigation } from '../../app/navigation';
import { useIsNarrow } from '../../app/useIsNarrow';
import { useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services';
import { channelsQuery } from './queries';
import { firstTextChannel } from './channel-layout';

/**
 * Opens a group from the rail: on wide screens straight into its first text channel by name;
 * on narrow screens into its channel list, since the chat would hide the choice (spec 2 §4).
 */
export function useOpenGroup() {
  const nav = useNavigation();
  const narrow = useIsNarrow();
  const { http } = useServices();
  const queryClient = useQueryClient();
  const [location, navigate] = useLocation();

  return async (groupId: number) => {
    if (location !== '/') navigate('/');
    if (narrow) {
      if (groupId !== nav.groupId) nav.selectGroup(groupId);
      nav.setMobilePane('sidebar');
      nav.setRailOpen(false);
      return;
    }
    // Coming back to the open group keeps the channel the user was in.
    if (groupId === nav.groupId && nav.channelId !== null) return;
    // Right after sign-in the channel list may still be on its way: wait for it rather than open nothing.
    const channels = await queryClient.ensureQueryData(channelsQuery(http)).catch(() => []);
    const first = firstTextChannel(channels, groupId);
    if (first) nav.selectChannel(first.id, groupId);
    else nav.selectGroup(groupId);
  };
}
