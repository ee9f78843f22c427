import { describe, expect, it } from 'vitest';
import { bannerStatus } from './call-banner-status';
import type { CallPhase } from './call-session';

const state = (phase: CallPhase, extra: { ending?: boolean; connectedAt?: number | null } = {}) => ({
  phase,
  ending: false,
  connectedAt: null,
  ...extra,
});

describe('bannerStatus', () => {
  it('gives the spec’s labels and colours', () => {
    expect(bannerStatus(state('outgoing'), '00:00')).toEqual({ label: 'Ringing...', tone: 'pending' });
    expect(bannerStatus(state('incoming'), '00:00')).toEqual({ label: 'Ringing...', tone: 'pending' });
    expect(bannerStatus(state('connecting'), '00:00')).toEqual({ label: 'Connecting...', tone: 'pending' });
    expect(bannerStatus(state('connected', { connectedAt: 1 }), '01:05')).toEqual({
      label: '01:05',
      tone: 'connected',
    });
    expect(bannerStatus(state('connected'), '00:00')).toEqual({ label: 'Connected', tone: 'connected' });
    expect(bannerStatus(state('idle'), '00:00')).toEqual({ label: 'In call', tone: 'neutral' });
  });

  it('says the call is ending while the end is on its way, whatever the phase', () => {
    for (const phase of ['outgoing', 'incoming', 'connecting', 'connected'] as const)
      expect(bannerStatus(state(phase, { ending: true, connectedAt: 1 }), '00:09')).toEqual({
        label: 'Ending call...',
        tone: 'ending',
      });
  });
});
