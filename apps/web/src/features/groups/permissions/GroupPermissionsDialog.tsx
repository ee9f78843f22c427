import { useEffect } from 'react';
import type { Group } from '@hearth/protocol';
import { Modal, Spinner, useToast } from '../../../ui';
import { Switch } from '../../../ui/Switch';
import { failureText } from '../failure-text';
import { useGroupPermissionList, useSetUserPermissions } from './permission-queries';
import { editableEntries, togglePermission, type GroupPermissionEntry, type PermissionName } from './permission-rules';
import styles from './GroupPermissionsDialog.module.css';

const COLUMNS: { name: PermissionName; label: string }[] = [
  { name: 'can_view', label: 'View' },
  { name: 'can_post', label: 'Post' },
  { name: 'can_upload', label: 'Upload' },
];

/** Admins set who may view, post and upload in a group; each switch sends that user's whole new set. */
export function GroupPermissionsDialog({ group, onClose }: { group: Group; onClose: () => void }) {
  const list = useGroupPermissionList(group.id, true);
  const save = useSetUserPermissions(group.id);
  const toast = useToast();

  useEffect(() => {
    if (list.isError) toast.error('Load Error', failureText(list.error, 'Failed to load group permissions'));
  }, [list.isError, list.error, toast]);

  const flip = (entry: GroupPermissionEntry, name: PermissionName, on: boolean) => {
    save.mutate({
      userId: entry.user.id,
      permissions: togglePermission(entry.permissions, name, on),
      before: entry.permissions,
    });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        <>
          Permissions: <bdi>{group.name}</bdi>
        </>
      }
      description="Who may view this group, post in it and upload files to it."
      size="lg"
    >
      {list.isLoading && <Spinner label="Loading permissions" />}
      {list.isError && <p className={styles.note}>Failed to load group permissions</p>}
      {list.data && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">User</th>
              {COLUMNS.map((c) => (
                <th key={c.name} scope="col">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {editableEntries(list.data).map((entry) => (
              <tr key={entry.user.id}>
                <th scope="row" className={styles.user}>
                  <bdi>{entry.user.username}</bdi>
                </th>
                {COLUMNS.map((c) => (
                  <td key={c.name}>
                    {/* The column header says what a switch does; its full name stays for assistive technology. */}
                    <Switch
                      className={styles.switch}
                      hideLabel
                      label={`${c.label} for ${entry.user.username}`}
                      checked={entry.permissions[c.name]}
                      onCheckedChange={(on) => flip(entry, c.name, on)}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  );
}
