import { useEffect } from 'react';
import { useNavigation } from '../../app/navigation';
import { useChannels } from '../groups/queries';

/**
 * A channel's address names its group. A link with another group in it, or a channel moved to
 * another group while open, is corrected in place (replacing the history entry), so the sidebar
 * and the address always agree with the channel shown.
 */
export function useCanonicalPlace() {
  const nav = useNavigation();
  const channel = useChannels().data?.find((c) => c.id === nav.channelId);
  useEffect(() => {
    if (nav.onPage || !channel || channel.group_id === nav.groupId) return;
    nav.selectChannel(channel.id, channel.group_id, { replace: true });
  }, [nav, channel]);
}
