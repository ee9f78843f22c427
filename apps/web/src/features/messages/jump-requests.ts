import { useEffect, useSyncExternalStore } from 'react';

/**
 * "Show message X": asked for from outside the message list (the pins panel in the header, a search
 * result, which may be in another conversation) and done by the list of the place that holds X with
 * its reply jump (replies/useReplyJump.ts: loaded around it when far back, centred, highlighted).
 * The request waits here until that list is on screen with its first page, so whoever asks need
 * not know whether the list is there yet: a result in another conversation navigates, then the list
 * opened there takes it. Held outside React, read with useSyncExternalStore.
 */

/** A message to show, in the place that holds it (a channel's id, or a conversation's negative one). */
export interface JumpRequest {
  placeId: number;
  messageId: number;
}

type Listener = () => void;

/** The one pending jump (a newer request replaces it), until the list of its place takes it. */
export class JumpRequests {
  private pending: JumpRequest | null = null;
  private listeners = new Set<Listener>();

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  get = (): JumpRequest | null => this.pending;

  request(jump: JumpRequest): void {
    this.set(jump);
  }
  /** The request for `placeId`, taken (so it is done once), or null. */
  take(placeId: number): JumpRequest | null {
    const pending = this.pending;
    if (pending === null || pending.placeId !== placeId) return null;
    this.set(null);
    return pending;
  }

  private set(value: JumpRequest | null): void {
    this.pending = value;
    this.listeners.forEach((l) => l());
  }
}

export const jumpRequests = new JumpRequests();

/** Asks the list of `placeId` to show `messageId`, now if it is on screen, else once it is. */
export function requestJump(placeId: number, messageId: number): void {
  jumpRequests.request({ placeId, messageId });
}

/**
 * For the message list: takes the jumps asked for in its place once the window is `ready` (has its
 * first page), and hands them to `jumpTo`.
 */
export function useJumpRequests(placeId: number, ready: boolean, jumpTo: (messageId: number) => void): void {
  const pending = useSyncExternalStore(jumpRequests.subscribe, jumpRequests.get);
  useEffect(() => {
    if (!ready || pending === null) return;
    const jump = jumpRequests.take(placeId);
    if (jump) jumpTo(jump.messageId);
  }, [placeId, ready, pending, jumpTo]);
}
