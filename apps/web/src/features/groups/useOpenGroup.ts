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

  return async (groupId: number) => {
    if (narrow) {
      // The open group's list shows over its open channel; another group (or from a page) opens its list.
      if (groupId !== nav.groupId || nav.onPage) nav.selectGroup(groupId);
      nav.setMobilePane('sidebar');
      nav.setRailOpen(false);
      return;
    }
    // Coming back to the open group keeps the channel the user was in (from a page too).
    if (groupId === nav.groupId && nav.channelId !== null) {
      nav.selectChannel(nav.channelId, groupId);
      return;
    }
    // Right after sign-in the channel list may still be on its way: wait for it rather than open nothing.
    const channels = await queryClient.ensureQueryData(channelsQuery(http)).catch(() => []);
    const first = firstTextChannel(channels, groupId);
    if (first) nav.selectChannel(first.id, groupId);
    else nav.selectGroup(groupId);
  };
}
