import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import type { Category, Channel, Group, SelfUser } from '@hearth/protocol';
import { ServicesProvider, type Services } from '../../app/services';
import { AuthStore } from '../../lib/auth-store';
import { HttpClient } from '../../lib/http';
import { LiveConnection } from '../../lib/live';
import { ConfirmProvider, ToastProvider } from '../../ui';
import { NavigationProvider } from '../shell/navigation';

/** What the fake server answers: a status and JSON body, or a promise of one (to hold a request open). */
export type Reply = { status: number; body?: unknown };
export type Route = (body: unknown) => Reply | Promise<Reply>;

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** Replaces fetch with a table of 'METHOD /path' routes (the network is the only thing faked). */
export function fakeServer(routes: Record<string, Route>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.replace(/^\/api/, '');
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const route = routes[`${method} ${path}`];
      const reply = route ? await route(body) : { status: 404, body: { detail: 'Not found' } };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

export const ok =
  (body?: unknown): Route =>
  () => ({ status: body === undefined ? 204 : 200, body });

export function user(overrides: Partial<SelfUser> = {}): SelfUser {
  return {
    id: 7,
    username: 'alice',
    role: 'USER',
    nickname: null,
    pronouns: null,
    pronouns_bg_color: null,
    pronouns_text_color: null,
    profile_image_url: null,
    profile_blur_enabled: false,
    created_at: '2025-01-01T00:00:00.000Z',
    email: null,
    is_admin: false,
    ...overrides,
  };
}

export const admin = () => user({ id: 1, username: 'root', role: 'ADMIN', is_admin: true });

const created_at = '2025-01-01T00:00:00.000Z';
export const group = (id: number, name: string, icon: string | null = null): Group => ({ id, name, icon, created_at });
export const category = (id: number, name: string, group_id: number, position = id): Category => ({
  id,
  name,
  group_id,
  position,
  created_at,
});
export const channel = (id: number, name: string, group_id: number, extra: Partial<Channel> = {}): Channel => ({
  id,
  name,
  description: null,
  channel_type: 'text',
  group_id,
  category_id: null,
  max_participants: 10,
  bitrate: 64000,
  position: id,
  created_at,
  ...extra,
});

/** The narrow layout reads a media query, which jsdom lacks. */
export function stubScreenWidth(narrow = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

export interface Place {
  groupId: number | null;
  channelId: number | null;
}

/** Renders with the app's real providers around a signed-in session; only fetch is fake. */
export function renderSignedIn(ui: ReactNode, signedIn: SelfUser = user(), place?: Place) {
  // The navigation provider starts where the tab last was.
  sessionStorage.setItem('hearth:navigation', JSON.stringify(place ?? { groupId: null, channelId: null }));
  const auth = new AuthStore(localStorage);
  auth.set({ accessToken: 'token', refreshToken: 'refresh', user: signedIn });
  const http = new HttpClient(auth, '/api');
  const live = new LiveConnection({
    url: 'ws://test/ws',
    createSocket: () => {
      throw new Error('no live connection in these tests');
    },
    getToken: () => null,
    getUserId: () => signedIn.id,
    refreshToken: async () => true,
    isVisible: () => true,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const services: Services = { auth, http, live, queryClient };
  const location = memoryLocation({ path: '/', record: true });
  const view = render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <Router hook={location.hook}>
              <NavigationProvider>{ui}</NavigationProvider>
            </Router>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ServicesProvider>,
  );
  return { ...view, services, location };
}
