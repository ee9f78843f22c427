import { useCallback, useMemo } from 'react';
import type { Message } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { ApiError } from '../../lib/http';
import { useConfirm, useToast } from '../../ui';
import { deleteMessage, editMessage } from './message-api';
import type { MessageWindow } from './message-window';

export const DELETE_CONFIRM = {
  title: 'Delete Message',
  message: 'Are you sure you want to delete this message? This action cannot be undone.',
  confirmLabel: 'Delete',
  cancelLabel: 'Cancel',
  type: 'danger',
} as const;

/** Edit and delete through the API, reflected in the window at once; failures become toasts (spec 1 §8). */
export function useMessageActions(store: MessageWindow) {
  const { http } = useServices();
  const toast = useToast();
  const confirm = useConfirm();

  /** Resolves true when saved; on failure the toast is shown and false returned. */
  const save = useCallback(
    async (message: Message, content: string): Promise<boolean> => {
      if (content === message.content) return true;
      try {
        store.applyUpdate(await editMessage(http, message, content));
        return true;
      } catch {
        toast.error('Edit Message Failed', 'Failed to edit message');
        return false;
      }
    },
    [http, store, toast],
  );

  const remove = useCallback(
    (message: Message) =>
      confirm({
        ...DELETE_CONFIRM,
        onConfirm: async () => {
          try {
            const answer = await deleteMessage(http, message);
            if (answer.deleted || !answer.message) store.remove(message.id);
            else store.applyUpdate(answer.message);
          } catch (error) {
            // Already gone (another tab or device deleted it): what the user wanted.
            if (error instanceof ApiError && error.status === 404) {
              store.remove(message.id);
              return;
            }
            toast.error('Delete Message Failed', 'Failed to delete message');
            throw error;
          }
        },
      }),
    [confirm, http, store, toast],
  );

  return useMemo(() => ({ save, remove }), [save, remove]);
}
