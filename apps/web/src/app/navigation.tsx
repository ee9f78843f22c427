import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** On narrow screens one pane shows at a time. */
export type MobilePane = 'sidebar' | 'chat';

export interface Navigation {
  groupId: number | null;
  channelId: number | null;
  mobilePane: MobilePane;
  /** Narrow layout: the groups rail slides over the sidebar while open. */
  railOpen: boolean;
  selectGroup(groupId: number | null): void;
  selectChannel(channelId: number | null, groupId?: number): void;
  setMobilePane(pane: MobilePane): void;
  setRailOpen(open: boolean): void;
  goHome(): void;
}

const NavigationContext = createContext<Navigation | null>(null);
/** Where the tab keeps its place (sessionStorage); forgotten when the session ends. */
export const NAVIGATION_STORAGE_KEY = 'hearth:navigation';

function restore(): { groupId: number | null; channelId: number | null } {
  try {
    const saved = JSON.parse(sessionStorage.getItem(NAVIGATION_STORAGE_KEY) ?? 'null') as {
      groupId?: number;
      channelId?: number;
    } | null;
    return { groupId: saved?.groupId ?? null, channelId: saved?.channelId ?? null };
  } catch {
    return { groupId: null, channelId: null };
  }
}

/** Which group and channel are open, kept for the tab's lifetime so a reload returns to the same place. */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [place, setPlace] = useState(restore);
  const [mobilePane, setMobilePane] = useState<MobilePane>('sidebar');
  const [railOpen, setRailOpen] = useState(false);

  const save = useCallback((next: { groupId: number | null; channelId: number | null }) => {
    sessionStorage.setItem(NAVIGATION_STORAGE_KEY, JSON.stringify(next));
    setPlace(next);
  }, []);

  const value = useMemo<Navigation>(
    () => ({
      ...place,
      mobilePane,
      railOpen,
      selectGroup: (groupId) => save({ groupId, channelId: null }),
      selectChannel: (channelId, groupId) => {
        save({ groupId: groupId ?? place.groupId, channelId });
        if (channelId !== null) setMobilePane('chat');
      },
      setMobilePane,
      setRailOpen,
      goHome: () => {
        save({ groupId: null, channelId: null });
        setMobilePane('sidebar');
        setRailOpen(false);
      },
    }),
    [place, mobilePane, railOpen, save],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const nav = useContext(NavigationContext);
  if (!nav) throw new Error('useNavigation outside NavigationProvider');
  return nav;
}
