import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { GroupRail } from '../groups/GroupRail';
import { ChannelSidebar } from '../groups/ChannelSidebar';
import { ChannelChat } from '../messages/ChannelChat';
import { useNavigation } from '../../app/navigation';
import { placeFromPath } from '../../app/routes';
import { useGroupLiveUpdates } from '../groups/useGroupLiveUpdates';
import { useReadStatusLiveUpdates } from '../read-status/useReadStatusLiveUpdates';
import { useMarkOpenChannelRead } from '../read-status/useMarkOpenChannelRead';
import { NotificationCenter } from '../notifications';
import { CustomEmojiRegistrar } from '../emoji';
import { useDmLiveUpdates } from '../direct-messages/useDmLiveUpdates';
import { MiniProfileHost } from '../profiles/MiniProfileHost';
import { useFocusAfterSignIn } from './focus-after-sign-in';
import { useMemberLiveUpdates } from '../members';
import { usePresenceFeed } from '../presence';
import { CallModal, useVoiceLiveUpdates } from '../voice';
import { VersionPrompts } from '../versions';
import { V2Warning } from '../api-version/V2Warning';
import { ReturnVeil } from '../session-lifecycle/ReturnVeil';
import { useLandInDefaultChannel } from './useLandInDefaultChannel';
import { useCanonicalPlace } from './useCanonicalPlace';
import { useIsNarrow } from '../../app/useIsNarrow';
import { MobileBottomBar } from './MobileBottomBar';
import { PageHeading } from './PageHeading';
import { AdminRoute } from '../admin/AdminRoute';
import { useHomeEvents } from '../home/useHomeEvents';
import { DmChat, dmChat, HomePage, homePage, ProfilePage, profilePage } from './lazy-pages';
import styles from './Shell.module.css';

/** The signed-in layout: group rail, channel sidebar, main area; on narrow screens one pane at a time. */
export function Shell() {
  const nav = useNavigation();
  useGroupLiveUpdates();
  useReadStatusLiveUpdates();
  useMarkOpenChannelRead();
  useDmLiveUpdates();
  usePresenceFeed();
  useMemberLiveUpdates();
  useVoiceLiveUpdates();
  useHomeEvents();
  useLandInDefaultChannel();
  useFocusAfterSignIn();
  useCanonicalPlace();
  useEffect(() => {
    for (const page of [homePage, dmChat, profilePage]) page.loadWhenIdle();
  }, []);
  const [location] = useLocation();
  const pane = nav.onPage ? 'chat' : nav.mobilePane;
  // The main landmark is the chat area, except on a phone showing the channel list, where the list
  // is all there is. The h1 goes inside it: content outside landmarks is easily missed, and a hidden
  // pane would hide it. A role, not a <main> element, so no pane is remounted when it moves.
  const mainPane = useIsNarrow() && pane === 'sidebar' ? 'sidebar' : 'chat';
  const heading = !nav.onPage && <PageHeading />;
  // Where the user is: shown in the main area, and under the settings screen while it is open.
  const place = nav.channelId !== null ? <ChannelChat channelId={nav.channelId} /> : <HomePage />;
  return (
    <>
      {/* Its update banner takes a strip above the shell (App.module.css), not a place over it. */}
      <VersionPrompts />
      <div className={styles.shell} data-pane={pane} data-rail-open={nav.railOpen || undefined}>
        {/* First: a bar across the top, above every pane (on a phone too), covering none of them. */}
        <div className={styles.call}>
          <CallModal />
        </div>
        <div className={styles.rail}>
          <GroupRail />
        </div>
        <div className={styles.sidebar} role={mainPane === 'sidebar' ? 'main' : undefined}>
          {mainPane === 'sidebar' && heading}
          <ChannelSidebar />
        </div>
        <div className={styles.main} role={mainPane === 'chat' ? 'main' : undefined}>
          {mainPane === 'chat' && heading}
          <Switch>
            <Route path="/profile/:username">
              {(params) => <ProfilePage key={params.username} username={safeDecode(params.username)} />}
            </Route>
            <Route path="/settings">
              <Settings place={place} />
            </Route>
            {/* A settings link typed or pasted in as an address (spec 1 §2) opens settings too. */}
            <Route path="/settings/*">
              <Settings place={place} />
            </Route>
            <Route path="/dm/:userId">{(params) => <DmChat userId={Number(params.userId)} />}</Route>
            <Route path="/admin">
              <AdminRoute place={place} />
            </Route>
            <Route>
              {/* An address that is no place in the app leads home rather than to an empty screen. */}
              {placeFromPath(location) === null ? <Redirect to="/" replace /> : place}
            </Route>
          </Switch>
        </div>
        <MobileBottomBar />
        <NotificationCenter />
        <CustomEmojiRegistrar />
        <MiniProfileHost />
        <V2Warning />
        <ReturnVeil />
      </div>
    </>
  );
}

const SettingsScreen = lazy(() => import('../settings/SettingsScreen'));

/** The settings screen over the place the user was at (loaded on first use). */
function Settings({ place }: { place: ReactNode }) {
  return (
    <>
      {place}
      <Suspense fallback={null}>
        <SettingsScreen />
      </Suspense>
    </>
  );
}

/** A username from the address; a malformed escape is shown as typed rather than breaking the page. */
function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
