import { useCallback } from 'react';
import type { Message } from '@hearth/protocol';
import { PIN_TEXT } from '@hearth/protocol/pin-rules';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { ApiError } from '../../lib/http';
import { useToast } from '../../ui';
import { pinsPath, placeOf } from './pin-place';

/**
 * Pins or unpins a message through the API. Nothing changes on screen before the server has done it:
 * its `message_pin_update` (and the system line) arrive live, in this tab as in every other. A refusal
 * (the limit, a block) is a toast with the server's text.
 */
export function usePinToggle() {
  const { http } = useServices();
  const viewerId = useSession()?.user.id ?? null;
  const toast = useToast();
  return useCallback(
    async (message: Pick<Message, 'id' | 'channel_id' | 'pinned'>) => {
      const place = viewerId === null ? null : placeOf(message.channel_id, viewerId);
      if (!place) return;
      const path = pinsPath(place, message.id);
      try {
        if (message.pinned) await http.delete(path);
        else await http.put(path);
      } catch (error) {
        const title = message.pinned ? PIN_TEXT.unpinFailed : PIN_TEXT.pinFailed;
        toast.error(title, error instanceof ApiError ? error.message : undefined);
      }
    },
    [http, viewerId, toast],
  );
}
