import { PresenceStore } from '../features/presence/presence-store';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SelfUser } from '@hearth/protocol';
import { createPresenceAgent, ServicesProvider, type Services } from '../app/services';
import { AuthStore } from '../lib/auth-store';
import { HttpClient } from '../lib/http';
import { LiveConnection, type SocketLike } from '../lib/live';
import { Outbox } from '../lib/outbox';
import { ConfirmProvider, ToastProvider } from '../ui';
import { SessionLifecycle } from '../features/session-lifecycle/session-lifecycle';

export interface TestServicesOptions {
  /** Signed in as this user (with placeholder tokens); signed out when null. */
  user?: SelfUser | null;
  /** Opens the live connection's sockets; by default a component test has no live connection. */
  createSocket?: () => SocketLike;
}

const noLiveConnection = (): SocketLike => {
  throw new Error('no live connection in component tests');
};

/** Services wired like the app's, over the session in localStorage; only fetch and the socket are faked. */
export function testServices({ user = null, createSocket = noLiveConnection }: TestServicesOptions = {}): Services {
  const auth = new AuthStore(localStorage);
  if (user) auth.set({ accessToken: 'token', refreshToken: 'refresh', user });
  const live = new LiveConnection({
    url: 'ws://test/ws',
    createSocket,
    getToken: () => auth.get()?.accessToken ?? null,
    getUserId: () => auth.get()?.user.id ?? null,
    refreshToken: async () => true,
    forceRefresh: async () => true,
    isVisible: () => true,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const http = new HttpClient(auth, '/api');
  const presence = new PresenceStore();
  return {
    auth,
    http,
    live,
    outbox: new Outbox(live),
    queryClient,
    presence,
    presenceAgent: createPresenceAgent(http, presence),
    lifecycle: new SessionLifecycle({
      auth,
      live,
      logout: (refreshToken) => http.post('/auth/logout', { refresh_token: refreshToken }, { anonymous: true }),
    }),
  };
}

/** Renders UI inside the providers the app uses. */
export function renderWithServices(ui: ReactNode, services: Services = testServices()) {
  const result = render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ToastProvider>
          <ConfirmProvider>{ui}</ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { ...result, services };
}
