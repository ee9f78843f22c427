import { useState } from 'react';
import type { Group } from '@hearth/protocol';
import { isAdminRole, useSession } from '../../app/session';
import { ContextMenu, type MenuItem } from '../../ui';
import { useNavigation } from '../../app/navigation';
import { useGroups } from './queries';
import { useOpenGroup } from './useOpenGroup';
import { useDeleteGroupFlow } from './useDeleteGroupFlow';
import { GroupIcon } from './GroupIcon';
import { HomeIcon, PlusIcon } from './icons';
import { UserMenu } from './UserMenu';
import { RenameGroupDialog } from './RenameGroupDialog';
import { GroupPermissionsDialog } from './permissions/GroupPermissionsDialog';
import { CreateModal, type CreateRequest } from './create/CreateModal';
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

  const groupItems = (group: Group): MenuItem[] =>
    admin
      ? [
          { label: 'Rename', onSelect: () => setRenaming(group) },
          { label: 'Permissions', onSelect: () => setPermissionsOf(group) },
          { separator: true },
          { label: 'Delete', danger: true, onSelect: () => void deleteGroup(group) },
        ]
      : [];
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
              <li key={group.id}>
                <ContextMenu items={groupItems(group)} label={group.name}>
                  <button
                    type="button"
                    className={styles.button}
                    aria-label={group.name}
                    title={group.name}
                    aria-current={nav.groupId === group.id ? 'true' : undefined}
                    onClick={() => void openGroup(group.id)}
                  >
                    <GroupIcon group={group} />
                  </button>
                </ContextMenu>
              </li>
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
          <div className={styles.footer}>
            <UserMenu />
          </div>
        </nav>
      </ContextMenu>
      <CreateModal request={create} onClose={() => setCreate(null)} />
      {renaming && <RenameGroupDialog group={renaming} onClose={() => setRenaming(null)} />}
      {permissionsOf && <GroupPermissionsDialog group={permissionsOf} onClose={() => setPermissionsOf(null)} />}
    </>
  );
}
