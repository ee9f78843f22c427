import { useLocation } from 'wouter';
import type { PublicUser } from '@hearth/protocol';
import { useSession } from '../../app/session';
import { dmPath } from '../../app/routes';
import { DmList } from '../direct-messages/DmList';
import { LandingPage } from './LandingPage';
import { setLandingTab, useLandingTab } from './landing-tab';

/** Home with no channel open: the landing page, whose friends and conversations lead to a conversation. */
export function HomePage() {
  const session = useSession();
  const tab = useLandingTab();
  const [, navigate] = useLocation();
  const openConversation = (user: PublicUser) => navigate(dmPath(user.id));
  return (
    <LandingPage
      username={session?.user.username ?? ''}
      tab={tab}
      onTabChange={setLandingTab}
      directMessages={<DmList onOpen={openConversation} />}
      onMessage={openConversation}
    />
  );
}
