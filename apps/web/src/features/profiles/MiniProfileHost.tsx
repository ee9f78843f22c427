import { useEffect } from 'react';
import { lazyComponent, lazyModule } from '../../lib/lazy-module';
import { useProfilePopup } from './profile-popup';

// The popup is a chunk of its own, fetched when the page is idle: a name clicked finds it here.
const miniProfile = lazyModule(() => import('./MiniProfile').then((m) => m.MiniProfile));
const MiniProfile = lazyComponent(miniProfile);

/** The mini profile popup (spec 2 §2), mounted once in the shell; any name or avatar opens it. */
export function MiniProfileHost() {
  const target = useProfilePopup();
  useEffect(() => miniProfile.loadWhenIdle(), []);
  if (!target) return null;
  return <MiniProfile key={`${target.userId}:${target.anchor.top}`} target={target} />;
}
