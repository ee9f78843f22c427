import { useEffect, useRef } from 'react';
import type { MessageWindow, MessageWindowState } from './message-window';

/** Time for the list to re-anchor after a page lands and report where its edges are now. */
const EDGE_RECHECK_MS = 200;

interface Edges {
  atTop: boolean;
  atBottom: boolean;
  /** False during the pause after a channel switch. */
  enabled: boolean;
}

/**
 * Loads older pages while the view is near the top and newer ones while near the bottom. An edge
 * is checked when it is reached and again shortly after each page lands (the list reports its new
 * position a moment later); a failed load changes nothing, so it is not retried in a loop.
 */
export function useEdgePaging(store: MessageWindow, state: MessageWindowState, { atTop, atBottom, enabled }: Edges) {
  const edges = useRef({ atTop, atBottom, enabled });
  edges.current = { atTop, atBottom, enabled };

  useEffect(() => {
    const load = () => {
      const now = edges.current;
      if (!now.enabled) return;
      if (now.atTop) void store.loadOlder();
      if (now.atBottom) void store.loadNewer();
    };
    const timer = setTimeout(load, EDGE_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [store, state.firstItemIndex, state.messages.length]);

  useEffect(() => {
    if (enabled && atTop && state.hasOlder) void store.loadOlder();
  }, [store, enabled, atTop, state.hasOlder]);

  useEffect(() => {
    if (enabled && atBottom && state.hasNewer) void store.loadNewer();
  }, [store, enabled, atBottom, state.hasNewer]);
}
