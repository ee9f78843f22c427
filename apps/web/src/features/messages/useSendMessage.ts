import { useCallback, useRef } from 'react';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { useLiveEvent } from '../live/useLiveEvent';
import { makeNonce } from './nonce';

interface SendOutcome {
  nonce?: string | null;
  detail?: string;
}

/**
 * Sends channel messages over the live connection. The server answers a send only through events:
 * the `message` event carries our nonce on success, an `error` frame carries it on refusal, and
 * then the text is handed back through onRefused so it is not lost.
 */
export function useSendMessage(channelId: number, onRefused: (content: string) => void) {
  const { live } = useServices();
  const toast = useToast();
  const pending = useRef(new Map<string, string>());
  const onRefusedRef = useRef(onRefused);
  onRefusedRef.current = onRefused;

  useLiveEvent(['message', 'error'], (type, data: SendOutcome | null) => {
    const content = data?.nonce ? pending.current.get(data.nonce) : undefined;
    if (content === undefined || !data?.nonce) return;
    pending.current.delete(data.nonce);
    if (type === 'error') {
      toast.error('Error', data.detail);
      onRefusedRef.current(content);
    }
  });

  /** False when the live connection is not open (nothing was sent). */
  return useCallback(
    (content: string): boolean => {
      const nonce = makeNonce();
      if (!live.send({ type: 'message', channel_id: channelId, content, nonce })) return false;
      pending.current.set(nonce, content);
      return true;
    },
    [live, channelId],
  );
}
