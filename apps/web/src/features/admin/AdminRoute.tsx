import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useNavigation } from '../../app/navigation';
import { placePath } from '../../app/routes';
import { isAdminRole, useSession } from '../../app/session';

// Its own chunk: ordinary users never fetch it, admins at the first opening.
const AdminPanel = lazy(() => import('./AdminPanel'));

/**
 * /admin: the admin panel over the place the admin was at (spec 3 §2). Anyone else is sent back to
 * that place with nothing shown (spec 3 §6); the server refuses their calls anyway.
 */
export function AdminRoute({ place }: { place: ReactNode }) {
  const admin = isAdminRole(useSession()?.user.role);
  const nav = useNavigation();
  if (!admin) return <Redirect to={placePath({ groupId: nav.groupId, channelId: nav.channelId })} replace />;
  return (
    <>
      {place}
      <Suspense fallback={null}>
        <AdminPanel />
      </Suspense>
    </>
  );
}
