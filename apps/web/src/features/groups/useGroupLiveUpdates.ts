import { useQueryClient } from '@tanstack/react-query';
import type { Category, Channel, Group } from '@hearth/protocol';
import { useLiveEvent } from '../live/useLiveEvent';
import { useNavigation } from '../../app/navigation';
import { useToast } from '../../ui';
import { groupKeys } from './queries';
import { upsertById as upsert } from './cache-edits';
import { deletedFromHere } from './channel-mutations';
import { usePermissionLiveUpdates } from './usePermissionLiveUpdates';

/**
 * Keeps group, channel, category and permission caches in step with live events, and tells the user
 * when the group or channel they were viewing goes away. Mounted once in the shell.
 */
export function useGroupLiveUpdates() {
  const qc = useQueryClient();
  const nav = useNavigation();
  const toast = useToast();
  usePermissionLiveUpdates();

  useLiveEvent(['group_created', 'group_updated'], (_t, group: Group) => {
    qc.setQueryData<Group[]>(groupKeys.groups, (list) => upsert(list, group));
  });
  useLiveEvent(['group_deleted'], (_t, { group_id }: { group_id: number }) => {
    qc.setQueryData<Group[]>(groupKeys.groups, (list) => list?.filter((g) => g.id !== group_id));
    qc.setQueryData<Channel[]>(groupKeys.channels, (list) => list?.filter((c) => c.group_id !== group_id));
    if (nav.groupId === group_id) {
      nav.goHome();
      toast.info('Group deleted', 'The group you were viewing was deleted.');
    }
  });
  useLiveEvent(['channel_created', 'channel_updated'], (_t, channel: Channel) => {
    qc.setQueryData<Channel[]>(groupKeys.channels, (list) => upsert(list, channel));
  });
  useLiveEvent(['channel_deleted'], (_t, { channel_id }: { channel_id: number }) => {
    qc.setQueryData<Channel[]>(groupKeys.channels, (list) => list?.filter((c) => c.id !== channel_id));
    if (nav.channelId !== channel_id) return;
    nav.selectChannel(null);
    // Whoever deleted it from this tab has been told already ('Channel "{name}" deleted successfully').
    if (!deletedFromHere(qc, channel_id)) toast.info('Channel deleted', 'The channel you were viewing was deleted.');
  });
  useLiveEvent(['category_created', 'category_updated'], (_t, category: Category) => {
    qc.setQueryData<Category[]>(groupKeys.categories(category.group_id), (list) => upsert(list, category));
  });
  useLiveEvent(['category_deleted'], (_t, { category_id, group_id }: { category_id: number; group_id: number }) => {
    qc.setQueryData<Category[]>(groupKeys.categories(group_id), (list) => list?.filter((c) => c.id !== category_id));
  });
}
