import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import type { OutgoingAttachments, PendingMessage } from '../../lib/outbox';

/**
 * Sends channel messages (or, with a recipient, direct messages) over the live connection through the tab's outbox, which keeps each one
 * (sending, then failed with Retry if it never got through) until the server confirms it.
 * Returns false when the connection is not open: nothing was sent and the text stays where it is.
 */
export function useSendMessage(
  channelId: number,
  recipientId: number | null = null,
): (content: string, attachments?: OutgoingAttachments) => boolean {
  const { outbox } = useServices();
  return useCallback(
    (content: string, attachments?: OutgoingAttachments) => outbox.send(channelId, content, attachments, recipientId),
    [outbox, channelId, recipientId],
  );
}

/** This channel's messages that are on their way or failed, oldest first. */
export function usePendingMessages(channelId: number): readonly PendingMessage[] {
  const { outbox } = useServices();
  const all = useSyncExternalStore(outbox.subscribe, outbox.getSnapshot);
  return useMemo(() => all.filter((entry) => entry.channelId === channelId), [all, channelId]);
}
