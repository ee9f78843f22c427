import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { useNavigation } from '../../app/navigation';
import { groupKeys } from './queries';
import { patchById, removeById, upsertById } from './cache-edits';
import { createFailureText, failureText } from './failure-text';

export interface NewChannel {
  name: string;
  description: string | null;
  channel_type: Channel['channel_type'];
  group_id: number;
  category_id: number | null;
  max_participants?: number;
  bitrate?: number;
}

export interface ChannelEdit {
  name: string;
  group_id: number;
  category_id: number | null;
}

export function useCreateChannel() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (body: NewChannel) => http.post<Channel>('/channel', body),
    onSuccess: (channel) => {
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) => upsertById(list, channel));
      toast.success('Channel created successfully');
    },
    onError: (error) => toast.error('Create Channel Failed', createFailureText('channel', error)),
  });
}

/** Shown at once and put back if the server refuses (spec 2 §4). */
export function useUpdateChannel() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ id, edit }: { id: number; edit: ChannelEdit }) => http.patch<Channel>(`/channel/${id}`, edit),
    onMutate: async ({ id, edit }) => {
      await qc.cancelQueries({ queryKey: groupKeys.channels });
      const before = qc.getQueryData<Channel[]>(groupKeys.channels)?.find((c) => c.id === id);
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) => patchById(list, id, edit));
      return { before };
    },
    onSuccess: (channel) => {
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) => upsertById(list, channel));
      toast.success('Channel updated successfully');
    },
    onError: (error, _vars, context) => {
      const before = context?.before;
      if (before) qc.setQueryData<Channel[]>(groupKeys.channels, (list) => upsertById(list, before));
      // Whatever else changed meanwhile, the server's list is the truth.
      void qc.invalidateQueries({ queryKey: groupKeys.channels });
      toast.error('Update Channel Failed', failureText(error, 'Failed to update channel'));
    },
  });
}

const DELETE_CHANNEL_KEY = ['delete-channel'] as const;

/** Whether this tab deleted (or is deleting) the channel itself, so it has its own notice. */
export function deletedFromHere(qc: QueryClient, channelId: number): boolean {
  return qc
    .getMutationCache()
    .findAll({ mutationKey: DELETE_CHANNEL_KEY })
    .some((m) => m.state.status !== 'error' && (m.state.variables as Channel | undefined)?.id === channelId);
}

/** Removed from the list at once and put back if the server refuses (spec 2 §4). */
export function useDeleteChannel() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  const nav = useNavigation();
  return useMutation({
    mutationKey: DELETE_CHANNEL_KEY,
    mutationFn: (channel: Channel) => http.delete<void>(`/channel/${channel.id}`),
    onMutate: async (channel) => {
      await qc.cancelQueries({ queryKey: groupKeys.channels });
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) => removeById(list, channel.id));
    },
    onSuccess: (_answer, channel) => {
      if (nav.channelId === channel.id) nav.selectChannel(null);
      toast.success(`Channel "${channel.name}" deleted successfully`);
    },
    onError: (error, channel) => {
      qc.setQueryData<Channel[]>(groupKeys.channels, (list) => upsertById(list, channel));
      void qc.invalidateQueries({ queryKey: groupKeys.channels });
      toast.error('Delete Channel Failed', failureText(error, 'Failed to delete channel'));
    },
  });
}
