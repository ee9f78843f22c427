import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { dmPath } from '../../app/routes';

/** Spec 2 §4: a window event that starts a call with `recipientId`; the call session listens for it. */
export const START_CALL_EVENT = 'dm_call:start';

export function requestDmCall(recipientId: number): void {
  window.dispatchEvent(new CustomEvent(START_CALL_EVENT, { detail: { recipientId } }));
}

/**
 * Calling someone from where they are shown (a friend row, the profile popup) does what the DM
 * header's Call button does, from the conversation: it opens the DM with them, where the call banner
 * is, and starts the call. Whether it may start (API v1, not friends, blocked, already in a call) is
 * the call session's and the server's to say.
 */
export function useCallFromHere(): (userId: number) => void {
  const [, navigate] = useLocation();
  return useCallback(
    (userId: number) => {
      navigate(dmPath(userId));
      requestDmCall(userId);
    },
    [navigate],
  );
}
