import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../lib/http';
import type { LiveConnection } from '../../lib/live';
import { VOICE_TEXT } from './voice-contract';
import { REJOIN_COOLDOWN_MS, VoiceSession } from './voice-session';

function session() {
  let now = 10_000;
  const s = new VoiceSession({ http: {} as HttpClient, live: {} as LiveConnection, userId: 1 }, () => now);
  return { s, advance: (ms: number) => (now += ms) };
}

describe('VoiceSession', () => {
  it('refuses a second join with the spec’s texts, naming the channel', async () => {
    const { s } = session();
    s.update({ status: 'connecting', channelId: 5, channelName: 'Lounge' });
    await expect(s.join({ id: 5, name: 'Lounge' })).rejects.toThrow(VOICE_TEXT.alreadyIn('Lounge'));
    await expect(s.join({ id: 6, name: 'Games' })).rejects.toThrow(VOICE_TEXT.disconnectFirst('Lounge'));
  });

  it('refuses to rejoin within 2 s of leaving', async () => {
    const { s, advance } = session();
    // A stand-in engine: leaving resets the state, as the real one does.
    (s as unknown as { engine: Promise<unknown> }).engine = Promise.resolve({ leave: async () => s.reset() });
    s.update({ status: 'connected', channelId: 5, channelName: 'Lounge' });
    await s.leave();
    expect(s.getState().status).toBe('disconnected');
    await expect(s.join({ id: 5, name: 'Lounge' })).rejects.toThrow(VOICE_TEXT.rejoinCooldown);
    advance(REJOIN_COOLDOWN_MS - 1);
    await expect(s.join({ id: 5, name: 'Lounge' })).rejects.toThrow(VOICE_TEXT.rejoinCooldown);
  });

  it('tells its listeners of every change', () => {
    const { s } = session();
    let calls = 0;
    const stop = s.subscribe(() => calls++);
    s.update({ muted: true });
    s.reset();
    stop();
    s.update({ muted: true });
    expect(calls).toBe(2);
    expect(s.getState()).toMatchObject({ status: 'disconnected', muted: true });
  });
});
