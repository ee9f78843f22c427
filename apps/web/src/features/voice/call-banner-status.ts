import type { CallState } from './call-session';

/** The pill's colour (spec 2 §2): connected green, connecting and ringing amber, ending red. */
export type BannerTone = 'connected' | 'pending' | 'ending' | 'neutral';

export interface BannerStatus {
  label: string;
  tone: BannerTone;
}

/**
 * The status pill's label and colour (spec 2 §2 "Call banner"): 'Ending call...' while an end is on
 * its way, 'Ringing...' on both sides before the answer, 'Connecting...', the mm:ss duration once
 * audio flows ('Connected' if its start is unknown), 'In call' otherwise.
 */
export function bannerStatus(
  state: Pick<CallState, 'phase' | 'ending' | 'connectedAt'>,
  duration: string,
): BannerStatus {
  if (state.ending) return { label: 'Ending call...', tone: 'ending' };
  switch (state.phase) {
    case 'outgoing':
    case 'incoming':
      return { label: 'Ringing...', tone: 'pending' };
    case 'connecting':
      return { label: 'Connecting...', tone: 'pending' };
    case 'connected':
      return { label: state.connectedAt === null ? 'Connected' : duration, tone: 'connected' };
    default:
      return { label: 'In call', tone: 'neutral' };
  }
}
