import { lazy, Suspense } from 'react';
import type { CallPhase, CallState } from './call-session';
import { useCallState } from './useCall';

// The banner, its quick settings and their styles are a chunk of their own, fetched at the first
// call shown in a DM: the first download only holds this check.
const CallBannerView = lazy(() => import('./CallBannerView'));

/** The phases a call is in progress in; 'ended' (and no call) removes the banner (spec 2 §4). */
const IN_PROGRESS: readonly CallPhase[] = ['outgoing', 'incoming', 'connecting', 'connected'];

/**
 * Whether the DM chat with `partnerId` shows the call banner. Here rather than with the banner's
 * labels: this check is in the first download, the labels come with the banner.
 */
export const bannerShown = (state: Pick<CallState, 'phase' | 'otherId'>, partnerId: number): boolean =>
  state.otherId === partnerId && IN_PROGRESS.includes(state.phase);

/** The call banner of the DM chat with `partnerId` (spec 2 §2), while a call with them is in progress. */
export function CallBanner({ partnerId }: { partnerId: number }) {
  const state = useCallState();
  if (!bannerShown(state, partnerId)) return null;
  return (
    <Suspense fallback={null}>
      <CallBannerView />
    </Suspense>
  );
}
