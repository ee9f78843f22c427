import { lazyComponent, lazyModule } from '../../lib/lazy-module';

// The places other than a channel: each is a chunk of its own, fetched when the page is idle (see
// Shell), so the first screen of a channel does not wait for them, and going there finds them here.

export const homePage = lazyModule(() => import('../home/HomePage').then((m) => m.HomePage));
export const dmChat = lazyModule(() => import('../direct-messages/DmChat').then((m) => m.DmChat));
export const profilePage = lazyModule(() => import('../profiles/ProfilePage').then((m) => m.ProfilePage));

export const HomePage = lazyComponent(homePage);
export const DmChat = lazyComponent(dmChat);
export const ProfilePage = lazyComponent(profilePage);
