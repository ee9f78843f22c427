import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelReadStatus, GroupReadStatus } from '@hearth/protocol';
import { READ_GROUP_REFETCH_MS } from '@hearth/protocol/constants';
import { TEXT } from '@hearth/protocol/texts';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { failureText } from '../groups/failure-text';
import { readStatusKeys } from './queries';
import { markRead, putStatus, type Statuses } from './read-cache';
import { readingOf } from './reading';

/** Marks a channel read up to a message, or its newest (null); shown read at once. */
export function useMarkChannelRead() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ channelId, messageId }: { channelId: number; messageId: number | null }) =>
      http.post<ChannelReadStatus>(`/channel/${channelId}/mark-read`, { message_id: messageId }),
    onMutate: async ({ channelId, messageId }) => {
      await qc.cancelQueries({ queryKey: readStatusKeys.channels });
      qc.setQueryData<Statuses>(readStatusKeys.channels, (list) => markRead(list, new Set([channelId]), messageId));
    },
    onSuccess: (status) => qc.setQueryData<Statuses>(readStatusKeys.channels, (list) => putStatus(list, status)),
    // Marks happen on their own as the user reads (spec: their failures are silent); the server's
    // statuses are the truth again.
    onError: () => void qc.invalidateQueries({ queryKey: readStatusKeys.channels }),
  });
}

/**
 * Mark Unread on a message: the channel's mark moves back to just before it, and the channel is held
 * unread (not marked read on its own) while the user stays in it.
 */
export function useMarkChannelUnread() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ channelId, messageId }: { channelId: number; messageId: number }) =>
      http.post<ChannelReadStatus>(`/channel/${channelId}/mark-unread`, { message_id: messageId }),
    onMutate: ({ channelId }) => {
      readingOf(qc).heldUnread = channelId;
    },
    onSuccess: (status) => qc.setQueryData<Statuses>(readStatusKeys.channels, (list) => putStatus(list, status)),
    onError: (error, { channelId }) => {
      if (readingOf(qc).heldUnread === channelId) readingOf(qc).heldUnread = null;
      toast.error('Mark Unread Failed', failureText(error, 'Failed to mark as unread'));
    },
  });
}

/**
 * Marks every channel of a group read: cleared here at once, then fetched again 100 ms after the
 * server answered (spec 2 §4), which also brings the channels' new marks.
 */
export function useMarkGroupRead() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (groupId: number) => http.post<GroupReadStatus>(`/group/${groupId}/mark-read`),
    onMutate: async (groupId) => {
      await qc.cancelQueries({ queryKey: readStatusKeys.channels });
      const list = qc.getQueryData<Statuses>(readStatusKeys.channels);
      const inGroup = new Set(list?.filter((s) => s.group_id === groupId).map((s) => s.channel_id));
      qc.setQueryData<Statuses>(readStatusKeys.channels, markRead(list, inGroup, null));
    },
    onSettled: () => {
      setTimeout(() => void qc.invalidateQueries({ queryKey: readStatusKeys.channels }), READ_GROUP_REFETCH_MS);
    },
    onError: (error) => toast.error('Mark as Read Failed', failureText(error, TEXT.markGroupReadFailed)),
  });
}
