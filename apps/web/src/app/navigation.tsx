import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { HOME, isPagePath, placeFromPath, placePath, samePlace, type Place } from './routes';

/** On narrow screens one pane shows at a time. */
export type MobilePane = 'sidebar' | 'chat';

export interface NavigateOptions {
  /** Replace the current history entry instead of adding one (a correction, not a move of the user's). */
  replace?: boolean;
}

export interface Navigation {
  groupId: number | null;
  channelId: number | null;
  /** On a page of its own (settings, a profile, admin): the group and channel are where the user last was. */
  onPage: boolean;
  mobilePane: MobilePane;
  /** Narrow layout: the groups rail slides over the sidebar while open. */
  railOpen: boolean;
  selectGroup(groupId: number | null, options?: NavigateOptions): void;
  selectChannel(channelId: number | null, groupId?: number, options?: NavigateOptions): void;
  setMobilePane(pane: MobilePane): void;
  setRailOpen(open: boolean): void;
  goHome(): void;
}

const NavigationContext = createContext<Navigation | null>(null);

/** A channel shows the chat; home shows the landing page (friends and direct messages) in the chat's place. */
const paneFor = (place: Place | null): MobilePane =>
  place && (place.channelId !== null || place.groupId === null) ? 'chat' : 'sidebar';

/**
 * Which group and channel are open. The address is the source of truth: each channel has its own
 * link, a reload lands there, back and forward move between places, and `/` is home. Only for pages
 * of their own (settings, profiles, admin) is the last place remembered, in memory, so the sidebar
 * keeps showing it underneath.
 */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [location, navigate] = useLocation();
  const routed = placeFromPath(location);
  const onPage = routed === null && isPagePath(location);

  // Adjusted while rendering (not in an effect), so no frame ever shows the old place.
  const [lastPlace, setLastPlace] = useState<Place>(routed ?? HOME);
  if (routed && !samePlace(routed, lastPlace)) setLastPlace(routed);
  const place = routed ?? lastPlace;

  // Every move shows the chat if a channel is open and the channel list otherwise; the narrow
  // layout's back arrow may switch to the list in between.
  const [pane, setPane] = useState({ at: location, pane: paneFor(routed) });
  if (pane.at !== location) setPane({ at: location, pane: paneFor(routed) });
  const [railOpen, setRailOpen] = useState(false);

  const go = useCallback(
    (next: Place, options?: NavigateOptions) => {
      const path = placePath(next);
      // The same address again would only add a history entry that goes nowhere.
      if (path !== location) navigate(path, { replace: options?.replace ?? false });
    },
    [location, navigate],
  );
  const setMobilePane = useCallback((next: MobilePane) => setPane({ at: location, pane: next }), [location]);

  const value = useMemo<Navigation>(
    () => ({
      ...place,
      onPage,
      mobilePane: pane.pane,
      railOpen,
      selectGroup: (groupId, options) => go({ groupId, channelId: null }, options),
      selectChannel: (channelId, groupId, options) => {
        const group = groupId ?? place.groupId;
        // A channel's address names its group; without one there is nowhere to go but home.
        go(group === null ? HOME : { groupId: group, channelId }, options);
      },
      setMobilePane,
      setRailOpen,
      goHome: () => {
        go(HOME);
        setMobilePane('chat');
        setRailOpen(false);
      },
    }),
    [place, onPage, pane.pane, railOpen, go, setMobilePane],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useNavigation outside NavigationProvider');
  return nav;
}
