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

/** A session of user 1 (on API v2 unless told), its requests held open until settled. */
function callSession(v2 = true) {
  let onLive: (signal: LiveSignal) => void = () => undefined;
  let settle: { resolve(): void; reject(err: unknown): void } = { resolve: () => undefined, reject: () => undefined };
  const post = vi.fn(() => new Promise<void>((resolve, reject) => (settle = { resolve: () => resolve(), reject })));
  const loadRingtone = vi.fn(() => new Promise<never>(() => undefined));
  const session = new CallSession({
    http: { post } as unknown as HttpClient,
    live: { subscribe: (listener: (s: LiveSignal) => void) => (onLive = listener) } as unknown as LiveConnection,
    userId: 1,
    leaveVoice: async () => undefined,
    notify: () => undefined,
    loadMedia: () => new Promise(() => undefined),
    loadRingtone,
    isV2: () => v2,
  });
  const frame = (type: string, data: unknown) => onLive({ kind: 'frame', frame: { type, seq: null, data } });
  return { session, frame, post, loadRingtone, settle: () => settle };
}

/** A session of user 1 with a call from user 2 ringing, and the end request held open. */
function ringing() {
  const made = callSession();
  made.frame('dm_call_incoming', CALL);
  return made;
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

describe('CallSession on API v1', () => {
  it('does not ring for an incoming call', () => {
    const { session, frame, loadRingtone } = callSession(false);
    frame('dm_call_incoming', CALL);
    expect(session.getState()).toMatchObject({ phase: 'idle', call: null });
    expect(loadRingtone).not.toHaveBeenCalled();
    // What follows of that call is not this tab's either.
    frame('dm_call_ended', { ...CALL, status: 'ended' });
    expect(session.getState().phase).toBe('idle');
  });

  it('starts no call', async () => {
    const { session, post } = callSession(false);
    await session.start(2);
    expect(post).not.toHaveBeenCalled();
    expect(session.getState().phase).toBe('idle');
  });

  it('rings and starts calls on API v2', async () => {
    const { session, frame, post, loadRingtone } = callSession(true);
    frame('dm_call_incoming', CALL);
    expect(session.getState()).toMatchObject({ phase: 'incoming', otherId: 2 });
    expect(loadRingtone).toHaveBeenCalled();
    frame('dm_call_declined', { ...CALL, status: 'declined' });
    expect(session.getState().phase).toBe('ended');
    void session.start(2);
    await vi.waitFor(() => expect(post).toHaveBeenCalledWith('/voice/dm/call/start', { recipient_id: 2 }));
  });
});
