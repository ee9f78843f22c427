import type { ServerEventData } from '@hearth/protocol';
import { DEVICE_TEXT, SELF_SIGN_OUT_REASONS } from '@hearth/protocol/device-rules';
import { DEVICE_REVOKED_LOGOUT_MS } from '@hearth/protocol/session-rules';
import type { Services } from '../../app/services';
import type { LiveFrame } from '../../lib/live';
import type { ToastApi } from '../../ui';
import { quietEnding, revokedEnding, suspendedEnding, terminatedEnding } from './endings';

/**
 * The live events that end this session (spec 3 §4, §8): `suspended`, `account_terminated` and
 * `device_revoked`. The server closes the connection right after each. True when the frame was one.
 */
export function endSessionOnFrame({ auth, lifecycle }: Services, frame: LiveFrame, toast: ToastApi): boolean {
  if (frame.type !== 'suspended' && frame.type !== 'account_terminated' && frame.type !== 'device_revoked')
    return false;
  // Another tab of this browser signed out first (a logout revokes this device too, and it cleared the
  // stored session before telling the server): there is nothing left to end or announce.
  if (!auth.reload()) return true;
  if (frame.type === 'suspended') {
    lifecycle.end(suspendedEnding(frame.data as Partial<ServerEventData<'suspended'>>));
  } else if (frame.type === 'account_terminated') {
    lifecycle.end(terminatedEnding(frame.data as Partial<ServerEventData<'account_terminated'>>));
  } else {
    const { reason, by_this_device } = frame.data as Partial<ServerEventData<'device_revoked'>>;
    if (by_this_device && reason && SELF_SIGN_OUT_REASONS.includes(reason)) {
      // The user did it here (a new username or password, signing out everywhere, deleting the
      // account): the screen where they did it says so and signs out. This tab (it, or another tab of
      // this browser) follows in the same 2 s, without a revocation notice or reason.
      lifecycle.end(quietEnding(DEVICE_REVOKED_LOGOUT_MS));
    } else {
      // Spec 3 §4 and §8: stored for the next login screen, said now, signed out 2 s later.
      toast.error(DEVICE_TEXT.revokedTitle, DEVICE_TEXT.revokedBody);
      lifecycle.end(revokedEnding());
    }
  }
  return true;
}
