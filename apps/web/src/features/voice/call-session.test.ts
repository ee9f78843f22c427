import { describe, expect, it, vi } from 'vitest';
import type { DmCall } from '@hearth/protocol';
import { ApiError, type HttpClient } from '../../lib/http';
import type { LiveConnection, LiveSignal } from '../../lib/live';
import { CallSession } from './call-session';

const party = (user_id: number) => ({ user_id, username: `user${user_id}`, nickname: null, profile_image_url: null });
const CALL: DmCall = {
  call_id: 'c1',
  caller: party(2),
  recipient: party(1),
  status: 'ringing',
  started_at: new Date(0).toISOString(),
  answered_at: null,
  ended_at: null,
  duration_seconds: null,
  caller_muted: false,
  caller_deafened: false,
  recipient_muted: false,
  recipient_deafened: false,
  end_reason: null,
};

/** A session of user 1 with a call from user 2 ringing, and the end request held open. */
function ringing() {
  let onLive: (signal: LiveSignal) => void = () => undefined;
  let settle: { resolve(): void; reject(err: unknown): void } = { resolve: () => undefined, reject: () => undefined };
  const post = vi.fn(() => new Promise<void>((resolve, reject) => (settle = { resolve: () => resolve(), reject })));
  const session = new CallSession({
    http: { post } as unknown as HttpClient,
    live: { subscribe: (listener: (s: LiveSignal) => void) => (onLive = listener) } as unknown as LiveConnection,
    userId: 1,
    leaveVoice: async () => undefined,
    notify: () => undefined,
    loadMedia: () => new Promise(() => undefined),
    loadRingtone: () => new Promise(() => undefined),
  });
  const frame = (type: string, data: unknown) => onLive({ kind: 'frame', frame: { type, seq: null, data } });
  frame('dm_call_incoming', CALL);
  return { session, frame, settle: () => settle };
}

describe('CallSession ending', () => {
  it('is ending while the decline is on its way, until the call’s end arrives', async () => {
    const { session, frame, settle } = ringing();
    expect(session.getState()).toMatchObject({ phase: 'incoming', ending: false });
    const declined = session.decline();
    expect(session.getState().ending).toBe(true);
    settle().resolve();
    await declined;
    expect(session.getState().ending).toBe(true);
    frame('dm_call_declined', { ...CALL, status: 'declined' });
    expect(session.getState()).toMatchObject({ phase: 'ended', ending: false });
  });

  it('is no longer ending when the server refuses', async () => {
    const { session, settle } = ringing();
    const ended = session.end();
    settle().reject(new ApiError(409, 'Call is over'));
    await ended;
    expect(session.getState()).toMatchObject({ phase: 'incoming', ending: false });
  });
});
