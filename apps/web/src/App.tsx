import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { ConfirmProvider, ToastProvider } from './ui';
import { ServicesProvider, type Services } from './app/services';
import { useSession } from './app/session';
import { AuthScreen } from './features/auth/AuthScreen';
import { LiveBridge } from './features/live/LiveBridge';
import { OfflineNotice } from './features/offline/OfflineNotice';
import { SessionLifecycleHost } from './features/session-lifecycle/SessionLifecycleHost';
import { NavigationProvider } from './app/navigation';
import { Shell } from './features/shell/Shell';
import { PreSignInViews } from './features/password-reset/lazy';
import { preSignInView } from './app/routes';
import styles from './App.module.css';

export function App({ services }: { services: Services }) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <LiveBridge />
            {/* The notices take a strip of their own above the screen, never covering its header. */}
            <div className={styles.app}>
              <OfflineNotice />
              <div className={styles.screen}>
                <Root />
              </div>
            </div>
            <SessionLifecycleHost />
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}

function Root() {
  const session = useSession();
  const [location] = useLocation();
  // Forgot-password, email-verification and reset-password have addresses of their own, opened
  // from the login form or from a mail (then often in a fresh, signed-out browser): whoever is
  // signed in or not, the address decides, so the mail's token or code is never lost.
  const view = preSignInView(location);
  if (view) return <PreSignInViews view={view} />;
  if (!session) return <AuthScreen />;
  // Keyed by user so nothing of one account's view survives into another's.
  return (
    <NavigationProvider key={session.user.id}>
      <Shell />
    </NavigationProvider>
  );
}
