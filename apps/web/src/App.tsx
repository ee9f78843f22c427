import { QueryClientProvider } from '@tanstack/react-query';
import { ConfirmProvider, ToastProvider } from './ui';
import { ServicesProvider, type Services } from './app/services';
import { useSession } from './app/session';
import { AuthScreen } from './features/auth/AuthScreen';
import { LiveBridge } from './features/live/LiveBridge';
import { NavigationProvider } from './app/navigation';
import { Shell } from './features/shell/Shell';

export function App({ services }: { services: Services }) {
  return (
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <LiveBridge />
            <Root />
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ServicesProvider>
  );
}

function Root() {
  const session = useSession();
  if (!session) return <AuthScreen />;
  // Keyed by user so nothing of one account's view survives into another's.
  return (
    <NavigationProvider key={session.user.id}>
      <Shell />
    </NavigationProvider>
  );
}
