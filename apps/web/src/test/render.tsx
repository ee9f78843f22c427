import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ServicesProvider, type Services } from '../app/services';
import { AuthStore } from '../lib/auth-store';
import { HttpClient } from '../lib/http';
import { LiveConnection } from '../lib/live';
import { ConfirmProvider, ToastProvider } from '../ui';

/** Services wired like the app's, with a live connection that never connects (tests drive it when needed). */
export function testServices(): Services {
  const auth = new AuthStore(localStorage);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const http = new HttpClient(auth, '/api');
  const live = new LiveConnection({
    url: 'ws://test/ws',
    createSocket: () => {
      throw new Error('no live connection in component tests');
    },
    getToken: () => null,
    getUserId: () => null,
    refreshToken: async () => false,
    isVisible: () => true,
  });
  return { auth, http, live, queryClient };
}

/** Renders UI inside the providers the app uses. */
export function renderWithServices(ui: ReactElement, services: Services = testServices()) {
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
