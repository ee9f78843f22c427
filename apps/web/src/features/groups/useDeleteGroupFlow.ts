import type { Group } from '@hearth/protocol';
import { useConfirm } from '../../ui';
import { useNavigation } from '../../app/navigation';
import { useDeleteGroup } from './group-mutations';

/** Asks first; the dialog stays open on failure so the admin can retry or cancel. */
export function useDeleteGroupFlow() {
  const confirm = useConfirm();
  const nav = useNavigation();
  const remove = useDeleteGroup();

  return async (group: Group) => {
    const done = await confirm({
      title: 'Delete Group',
      message: `Are you sure you want to delete "${group.name}"? Its categories, channels and messages will be deleted too. This cannot be undone.`,
      confirmLabel: 'Delete',
      type: 'danger',
      // A failure (already announced by the mutation) keeps the dialog open for another try.
      onConfirm: async () => {
        await remove.mutateAsync(group.id);
      },
    });
    if (done && nav.groupId === group.id) nav.goHome();
  };
}
