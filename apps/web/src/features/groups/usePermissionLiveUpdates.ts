import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PermissionFlags } from '@hearth/protocol/rules';
import { useLiveEvent } from '../live/useLiveEvent';
import { useSession } from '../../app/session';
import { useNavigation } from '../../app/navigation';
import { useToast } from '../../ui';
import { groupKeys } from './queries';
import { PermissionChangeBatcher } from './permissions/permission-batcher';
import { permissionNotice } from './permissions/permission-notice';
import type { PermissionName } from './permissions/permission-rules';

interface PermissionEvent {
  group_id: number;
  group_name: string;
  user_id: number;
  permission: PermissionName;
  permissions: PermissionFlags;
}

/**
 * The signed-in user's own permission changes: caches and navigation follow each event at once;
 * the events of one change (View off sends three) make a single toast that names them all.
 */
export function usePermissionLiveUpdates() {
  const qc = useQueryClient();
  const nav = useNavigation();
  const toast = useToast();
  const me = useSession()?.user.id;
  const [batcher] = useState(
    () =>
      new PermissionChangeBatcher((groupName, events) => {
        const { type, title, message } = permissionNotice(groupName, events);
        toast.show({ type, title, message });
      }),
  );
  useEffect(() => () => batcher.dispose(), [batcher]);

  useLiveEvent(['permission_granted', 'permission_revoked'], (type, data: PermissionEvent) => {
    if (data.user_id !== me) return;
    const granted = type === 'permission_granted';
    void qc.invalidateQueries({ queryKey: groupKeys.myPermissions(data.group_id) });
    if (data.permission === 'can_view') {
      void qc.invalidateQueries({ queryKey: groupKeys.groups });
      void qc.invalidateQueries({ queryKey: groupKeys.channels });
      if (!granted && nav.groupId === data.group_id) nav.goHome();
    }
    batcher.add({ ...data, granted });
  });
}
