import type { AppContext } from '../context.js';
import { endCallsOf, endUnansweredCalls } from './dm-calls.js';
import { leaveAnyVoice } from './seats.js';

/**
 * Users whose every live connection has been gone for the presence grace period (on every node):
 * out of voice, and their calls ended, so nobody stays a ghost in a channel or rings forever.
 */
export async function voiceUsersGone(ctx: AppContext, userIds: readonly number[]): Promise<void> {
  for (const id of userIds) {
    await leaveAnyVoice(ctx, id);
    await endCallsOf(ctx, id, 'disconnected');
  }
}

/** Ends unanswered calls on a timer; answers the function that stops it. */
export function startCallSweep(ctx: AppContext): () => Promise<void> {
  const every = Math.max(250, Math.min(5_000, Math.floor(ctx.config.dmCallRingTimeoutMs / 4)));
  const timer = setInterval(() => {
    endUnansweredCalls(ctx).catch((err: unknown) =>
      console.error('[voice] call sweep failed:', (err as Error).message),
    );
  }, every);
  timer.unref();
  return async () => clearInterval(timer);
}
