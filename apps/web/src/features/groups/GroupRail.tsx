import { useState } from 'react';
import type { Group } from '@hearth/protocol';
import { isAdminRole, useSession } from '../../app/session';
import { ContextMenu, type MenuItem } from '../../ui';
import { useNavigation } from '../../app/navigation';
import { useGroups } from './queries';
import { useOpenGroup } from './useOpenGroup';
import { useDeleteGroupFlow } from './useDeleteGroupFlow';
import { HomeIcon, PlusIcon } from './icons';
import { UserMenu } from './UserMenu';
import { InstallAppButton } from '../install-app/InstallAppButton';
import { RenameGroupDialog } from './RenameGroupDialog';
import { GroupPermissionsDialog } from './permissions/GroupPermissionsDialog';
import { CreateModal, type CreateRequest } from './create/CreateModal';
import { GroupButton } from './GroupButton';
import { GroupIconDialog } from './icon/GroupIconDialog';
import { useRemoveGroupIcon } from './group-mutations';
import { useChannelReadStatuses } from '../read-status/queries';
import { groupStatus } from '../read-status/read-cache';
import { useMarkGroupRead } from '../read-status/mutations';
import { isGroupMuted, useNotificationPreferences, useSetMuted } from '../notifications';
import styles from './GroupRail.module.css';

/** The 56 px column of groups (spec 2 §2): Home, one button per group, Create for admins, the avatar menu. */
export function GroupRail() {
  const admin = isAdminRole(useSession()?.user.role);
  const nav = useNavigation();
  const groups = useGroups();
  const openGroup = useOpenGroup();
  const deleteGroup = useDeleteGroupFlow();
  const [create, setCreate] = useState<CreateRequest | null>(null);
  const [renaming, setRenaming] = useState<Group | null>(null);
  const [permissionsOf, setPermissionsOf] = useState<Group | null>(null);
  const [iconOf, setIconOf] = useState<Group | null>(null);
  const removeIcon = useRemoveGroupIcon();
  const readStatuses = useChannelReadStatuses().data;
  const markGroupRead = useMarkGroupRead();
  const prefs = useNotificationPreferences();
  const setMuted = useSetMuted();

  // Spec 2 §2: Mark as Read only while the group has something unread, for everyone.
  const groupItems = (group: Group): MenuItem[] => {
    const status = groupStatus(readStatuses, group.id);
    const markRead: MenuItem[] =
      status.has_unread_messages || status.total_unread_mentions > 0
        ? [{ label: 'Mark as Read', onSelect: () => markGroupRead.mutate(group.id) }]
        : [];
    const muted = isGroupMuted(prefs, group.id);
    const mute: MenuItem = {
      label: muted ? 'Unmute Group' : 'Mute Group',
      onSelect: () => setMuted.mutate({ kind: 'group', id: group.id, muted: !muted }),
    };
    return admin
      ? [
          { label: 'Rename', onSelect: () => setRenaming(group) },
          // Spec 2 §2: Change/Upload Icon, and Remove Icon while there is one to remove.
          { label: group.icon ? 'Change Icon' : 'Upload Icon', onSelect: () => setIconOf(group) },
          ...(group.icon ? [{ label: 'Remove Icon', onSelect: () => removeIcon.mutate(group.id) }] : []),
          { label: 'Permissions', onSelect: () => setPermissionsOf(group) },
          ...markRead,
          mute,
          { separator: true },
          { label: 'Delete', danger: true, onSelect: () => void deleteGroup(group) },
        ]
      : [...markRead, mute];
  };
  const railItems: MenuItem[] = admin ? [{ label: 'Create Group', onSelect: () => setCreate({ kind: 'group' }) }] : [];

  return (
    <>
      <ContextMenu items={railItems} label="Groups">
        <nav className={styles.rail} aria-label="Groups">
          <button
            type="button"
            className={styles.button}
            aria-label="Home"
            title="Home"
            aria-current={nav.groupId === null ? 'true' : undefined}
            onClick={() => nav.goHome()}
          >
            <HomeIcon size={22} />
          </button>
          <hr className={styles.divider} />
          <ul className={styles.list}>
            {groups.data?.map((group) => (
              <GroupButton
                key={group.id}
                group={group}
                status={groupStatus(readStatuses, group.id)}
                current={nav.groupId === group.id}
                muted={isGroupMuted(prefs, group.id)}
                menu={groupItems(group)}
                onOpen={() => void openGroup(group.id)}
              />
            ))}
          </ul>
          {admin && (
            <button
              type="button"
              className={`${styles.button} ${styles.create}`}
              aria-label="Create"
              title="Create"
              onClick={() => setCreate({})}
            >
              <PlusIcon size={22} />
            </button>
          )}
          <InstallAppButton className={`${styles.button} ${styles.create}`} />
          <div className={styles.footer}>
            <UserMenu />
          </div>
        </nav>
      </ContextMenu>
      <CreateModal request={create} onClose={() => setCreate(null)} />
      {renaming && <RenameGroupDialog group={renaming} onClose={() => setRenaming(null)} />}
      {permissionsOf && <GroupPermissionsDialog group={permissionsOf} onClose={() => setPermissionsOf(null)} />}
      {iconOf && <GroupIconDialog group={iconOf} onClose={() => setIconOf(null)} />}
    </>
  );
}
