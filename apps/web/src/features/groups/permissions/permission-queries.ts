import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PermissionFlags } from '@hearth/protocol/rules';
import { useServices } from '../../../app/services';
import { useToast } from '../../../ui';
import { groupKeys } from '../queries';
import type { GroupPermissionEntry } from './permission-rules';
import { failureText } from '../failure-text';

interface PermissionsAnswer {
  group_id: number;
  user_permissions: GroupPermissionEntry[];
}

/** Every user's permissions in a group (admins only); refetched whenever the dialog opens. */
export function useGroupPermissionList(groupId: number, enabled: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: groupKeys.adminPermissions(groupId),
    queryFn: async () => (await http.get<PermissionsAnswer>(`/admin/groups/${groupId}/permissions`)).user_permissions,
    enabled,
    staleTime: 0,
    retry: false,
  });
}

const withPermissions = (list: GroupPermissionEntry[] | undefined, userId: number, permissions: PermissionFlags) =>
  list?.map((e) => (e.user.id === userId ? { ...e, permissions } : e));

/** Sends a user's whole new set; the switches move at once and move back if the server refuses. */
export function useSetUserPermissions(groupId: number) {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  const key = groupKeys.adminPermissions(groupId);
  return useMutation({
    mutationFn: ({ userId, permissions }: { userId: number; permissions: PermissionFlags; before: PermissionFlags }) =>
      http.put<GroupPermissionEntry>(`/admin/groups/${groupId}/permissions/${userId}`, { permissions }),
    onMutate: async ({ userId, permissions }) => {
      await qc.cancelQueries({ queryKey: key });
      qc.setQueryData<GroupPermissionEntry[]>(key, (list) => withPermissions(list, userId, permissions));
    },
    onSuccess: (entry) => {
      qc.setQueryData<GroupPermissionEntry[]>(key, (list) => withPermissions(list, entry.user.id, entry.permissions));
      toast.success('Permissions updated successfully');
    },
    onError: (error, { userId, before }) => {
      qc.setQueryData<GroupPermissionEntry[]>(key, (list) => withPermissions(list, userId, before));
      toast.error('Update Error', failureText(error, 'Failed to update permissions'));
    },
  });
}
