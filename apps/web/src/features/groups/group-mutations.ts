import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, Group } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { groupKeys } from './queries';
import { removeById, upsertById } from './cache-edits';
import { createFailureText, failureText } from './failure-text';

// Each mutation hook shows its own success and failure notices, so every caller says the same.

export function useCreateGroup() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (name: string) => http.post<Group>('/group', { name, icon: null }),
    onSuccess: (group) => {
      qc.setQueryData<Group[]>(groupKeys.groups, (list) => upsertById(list, group));
      toast.success('Group created successfully');
    },
    onError: (error) => toast.error('Create Group Failed', createFailureText('group', error)),
  });
}

export function useRenameGroup() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => http.patch<Group>(`/group/${id}`, { name }),
    onSuccess: (group) => qc.setQueryData<Group[]>(groupKeys.groups, (list) => upsertById(list, group)),
    onError: (error) => toast.error('Rename Group Failed', failureText(error, 'Failed to rename group')),
  });
}

export function useDeleteGroup() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(`/group/${id}`),
    onSuccess: (_answer, id) => {
      qc.setQueryData<Group[]>(groupKeys.groups, (list) => removeById(list, id));
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) => list?.filter((c) => c.group_id !== id));
      qc.removeQueries({ queryKey: groupKeys.categories(id) });
    },
    onError: (error) => toast.error('Delete Group Failed', failureText(error, 'Failed to delete group')),
  });
}
