import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { dmPath } from '../../app/routes';
import { useNavigation } from '../../app/navigation';
import { setLandingTab } from './landing-tab';

/** Opens the conversation with a user from anywhere: `window.dispatchEvent(new CustomEvent(FORCE_OPEN_DM, { detail: { userId } }))`. */
export const FORCE_OPEN_DM = 'force-open-dm';
/** Where a tapped push notification leads (spec 1 §6): friends, a channel, or a conversation. */
export const PUSH_NAVIGATE = 'push:navigate';

type PushTarget =
  { type: 'friends' } | { type: 'channel'; channelId: number; groupId: number } | { type: 'dm'; userId: number };

/** The landing page's window events, handled for the whole signed-in shell. */
export function useHomeEvents(): void {
  const [, navigate] = useLocation();
  const nav = useNavigation();
  useEffect(() => {
    const openDm = (userId: unknown) => {
      const id = Number(userId);
      if (!Number.isSafeInteger(id) || id <= 0) return;
      setLandingTab('direct-messages');
      navigate(dmPath(id));
    };
    const onForce = (event: Event) => openDm((event as CustomEvent<{ userId?: unknown }>).detail?.userId);
    const onPush = (event: Event) => {
      const target = (event as CustomEvent<PushTarget>).detail;
      if (target?.type === 'dm') openDm(target.userId);
      else if (target?.type === 'channel') nav.selectChannel(Number(target.channelId), Number(target.groupId));
      else if (target?.type === 'friends') {
        setLandingTab('friends');
        nav.goHome();
      }
    };
    window.addEventListener(FORCE_OPEN_DM, onForce);
    window.addEventListener(PUSH_NAVIGATE, onPush);
    return () => {
      window.removeEventListener(FORCE_OPEN_DM, onForce);
      window.removeEventListener(PUSH_NAVIGATE, onPush);
    };
  }, [navigate, nav]);
}
