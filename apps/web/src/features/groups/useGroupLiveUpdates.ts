import { useQueryClient } from '@tanstack/react-query';
import type { Category, Channel, Group } from '@hearth/protocol';
import { useLiveEvent } from '../live/useLiveEvent';
import { useSession } from '../../app/session';
import { useNavigation } from '../shell/navigation';
import { useToast } from '../../ui';
import { groupKeys } from './queries';
import { upsertById as upsert } from './cache-edits';

const NOTICES: Record<string, [revoked: string, granted: string]> = {
  can_post: ['You can no longer post messages in "{group}"', 'You can now post messages in "{group}"'],
  can_upload: ['You can no longer upload files in "{group}"', 'You can now upload files in "{group}"'],
};

/** Keeps group, channel, category and permission caches in step with live events. Mounted once in the shell. */
export function useGroupLiveUpdates() {
  const qc = useQueryClient();
  const nav = useNavigation();
  const toast = useToast();
  const me = useSession()?.user.id;

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
    if (nav.channelId === channel_id) nav.selectChannel(null);
  });
  useLiveEvent(['category_created', 'category_updated'], (_t, category: Category) => {
    qc.setQueryData<Category[]>(groupKeys.categories(category.group_id), (list) => upsert(list, category));
  });
  useLiveEvent(['category_deleted'], (_t, { category_id, group_id }: { category_id: number; group_id: number }) => {
    qc.setQueryData<Category[]>(groupKeys.categories(group_id), (list) => list?.filter((c) => c.id !== category_id));
  });
  useLiveEvent(
    ['permission_granted', 'permission_revoked'],
    (type, data: { group_id: number; group_name: string; user_id: number; permission: string }) => {
      if (data.user_id !== me) return;
      const granted = type === 'permission_granted';
      void qc.invalidateQueries({ queryKey: groupKeys.myPermissions(data.group_id) });
      if (data.permission === 'can_view') {
        void qc.invalidateQueries({ queryKey: groupKeys.groups });
        void qc.invalidateQueries({ queryKey: groupKeys.channels });
        if (granted) toast.success('Access granted', `You can now see "${data.group_name}"`);
        else {
          toast.error('Access revoked', `An administrator removed your access to "${data.group_name}"`);
          if (nav.groupId === data.group_id) nav.goHome();
        }
        return;
      }
      const texts = NOTICES[data.permission];
      if (!texts) return;
      const text = (granted ? texts[1] : texts[0]).replace('{group}', data.group_name);
      if (granted) toast.success('Permission granted', text);
      else toast.warning('Permission revoked', text);
    },
  );
}
