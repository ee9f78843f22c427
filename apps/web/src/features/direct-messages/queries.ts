import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, DmReadEvent } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { PERSISTED } from '../../app/query-persistence';

export const dmKeys = {
  conversations: ['dm', 'conversations'] as const,
};

/** The DM list: the other person, last message and unread count of each conversation (spec 2 §3). */
export function useConversations() {
  const { http } = useServices();
  return useQuery({
    queryKey: dmKeys.conversations,
    queryFn: () => http.get<Conversation[]>('/dm/conversations'),
    // The list of a reload without network (app/query-persistence.ts).
    meta: PERSISTED,
  });
}

/** Unread direct messages in all, derived from the list (no second request). */
export function useDmUnreadTotal(): number {
  const { data } = useConversations();
  return data?.reduce((sum, c) => sum + c.unread_count, 0) ?? 0;
}

/** Sets a conversation's unread count in the cache, so the badge follows at once. */
export function setConversationRead(
  qc: ReturnType<typeof useQueryClient>,
  event: Pick<DmReadEvent, 'channel_id' | 'last_read_message_id'>,
) {
  qc.setQueryData<Conversation[]>(dmKeys.conversations, (list) =>
    list?.map((c) =>
      c.id === event.channel_id && (event.last_read_message_id ?? 0) >= (c.last_message?.id ?? 0)
        ? { ...c, unread_count: 0, last_read_message_id: event.last_read_message_id }
        : c,
    ),
  );
}

export function useMarkConversationRead() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => http.post<DmReadEvent>(`/dm/mark-read/${userId}`, {}),
    onSuccess: (event) => setConversationRead(qc, event),
  });
}

export function useMarkAllRead() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<{ marked: number }>('/dm/mark-all-read', {}),
    onSuccess: () => void qc.invalidateQueries({ queryKey: dmKeys.conversations }),
  });
}
