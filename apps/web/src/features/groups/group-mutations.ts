import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, Group } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { GROUP_ICON_TEXT } from '@hearth/protocol/group-icon-rules';
import { groupKeys } from './queries';
import { removeById, upsertById } from './cache-edits';
import { createFailureText, failureText } from './failure-text';

/** The text channel a group created here starts with. */
export const DEFAULT_CHANNEL_NAME = 'general';

// Each mutation hook shows its own success and failure notices, so every caller says the same.

export function useCreateGroup() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: async (name: string): Promise<{ group: Group; channel: Channel | null }> => {
      const group = await http.post<Group>('/group', { name, icon: null });
      // A new group starts with a #general to open, as a new Discord server or Slack workspace does. The
      // group is made whatever happens here: without the channel its list offers Create Channel.
      const channel = await http
        .post<Channel>('/channel', { name: DEFAULT_CHANNEL_NAME, group_id: group.id, channel_type: 'text' })
        .catch(() => null);
      return { group, channel };
    },
    onSuccess: ({ group, channel }) => {
      qc.setQueryData<Group[]>(groupKeys.groups, (list) => upsertById(list, group));
      if (channel) qc.setQueryData<Channel[]>(groupKeys.channels, (list) => upsertById(list, channel));
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

/** Sets a group's icon from the cropped file; the rail shows it at once, others get group_updated. */
export function useUploadGroupIcon() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return http.post<{ icon_url: string; group: Group }>(`/group/${id}/upload-icon`, form);
    },
    onSuccess: ({ group }) => qc.setQueryData<Group[]>(groupKeys.groups, (list) => upsertById(list, group)),
    onError: (error) => toast.error('Upload Icon Failed', failureText(error, GROUP_ICON_TEXT.uploadFailed)),
  });
}

export function useRemoveGroupIcon() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (id: number) => http.delete<Group>(`/group/${id}/icon`),
    onSuccess: (group) => qc.setQueryData<Group[]>(groupKeys.groups, (list) => upsertById(list, group)),
    onError: (error) => toast.error('Remove Icon Failed', failureText(error, GROUP_ICON_TEXT.removeFailed)),
  });
}
