import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { VirtuosoMockContext } from 'react-virtuoso';
import { vi } from 'vitest';
import type { Channel, Group, SelfUser } from '@hearth/protocol';
import { ServicesProvider, type Services } from '../../app/services';
import { AuthStore } from '../../lib/auth-store';
import { HttpClient } from '../../lib/http';
import { LiveConnection, type SocketLike } from '../../lib/live';
import { ConfirmProvider, ToastProvider } from '../../ui';
import { NavigationProvider } from '../shell/navigation';

/** The real client objects with only the network faked: fetch answers from `routes`, the socket is driven by hand. */

export interface Reply {
  status: number;
  body?: unknown;
}
export interface Request {
  method: string;
  path: string;
  body: unknown;
}
export type Routes = (req: Request) => Reply | undefined;

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(frame: { type: string; seq?: number | null; data: unknown }) {
    this.onmessage?.({ data: JSON.stringify({ seq: null, ...frame }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

export const testUser = (fields: Partial<SelfUser> = {}): SelfUser => ({
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
  ...fields,
});

export const testChannel: Channel = {
  id: 1,
  name: 'general',
  description: null,
  channel_type: 'text',
  group_id: 1,
  category_id: null,
  max_participants: 10,
  bitrate: 64000,
  position: 0,
  created_at: '2025-01-01T00:00:00.000Z',
};

export const testGroup: Group = { id: 1, name: 'Hearth', icon: null, created_at: '2025-01-01T00:00:00.000Z' };

/** Answers the shell's lookups: channels, groups, and the group permissions given. */
export function baseRoutes(permissions = { can_view: true, can_post: true, can_upload: true }): Routes {
  return ({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/channel/') return { status: 200, body: [testChannel] };
    if (path === '/api/group') return { status: 200, body: [testGroup] };
    if (path.startsWith('/api/user/group-permissions/')) return { status: 200, body: { group_id: 1, ...permissions } };
    return undefined;
  };
}

export function createTestServices({
  user = testUser(),
  routes,
  liveOpen = true,
}: {
  user?: SelfUser | null;
  routes: Routes;
  liveOpen?: boolean;
}) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
      const req = { method: init.method ?? 'GET', path: url, body };
      requests.push(req);
      const reply = routes(req) ?? { status: 404, body: { detail: 'Not found' } };
      return new Response(reply.body === undefined ? '' : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  const auth = new AuthStore(localStorage);
  if (user) auth.set({ accessToken: 'token', refreshToken: 'refresh', user });
  const sockets: FakeSocket[] = [];
  const live = new LiveConnection({
    url: 'ws://test/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    getToken: () => auth.get()?.accessToken ?? null,
    getUserId: () => auth.get()?.user.id ?? null,
    refreshToken: async () => true,
    isVisible: () => true,
  });
  if (user) {
    live.start();
    if (liveOpen) {
      sockets[0]!.open();
      sockets[0]!.receive({ type: 'ready', seq: 1, data: { session_id: 'S1' } });
    }
  }
  const services: Services = {
    auth,
    http: new HttpClient(auth, '/api'),
    live,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  };
  const socket = () => sockets.at(-1)!;
  /** Delivers a server event to the client. */
  const emit = (type: string, data: unknown) => socket().receive({ type, seq: 2, data });
  return { services, requests, socket, emit };
}

/** jsdom has no media queries; the layout is wide unless a test asks for narrow. */
export function stubMatchMedia(narrow = false) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: narrow && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

/** Scrolling methods the list calls and jsdom lacks; without layout they have nothing to do. */
function addMissingScrollMethods() {
  Element.prototype.scrollTo ??= () => undefined;
  Element.prototype.scrollBy ??= () => undefined;
}

export function renderWithServices(ui: ReactNode, services: Services) {
  addMissingScrollMethods();
  return render(
    <ServicesProvider services={services}>
      <QueryClientProvider client={services.queryClient}>
        <ToastProvider>
          <ConfirmProvider>
            <NavigationProvider>
              {/* jsdom has no layout: the list gets fixed sizes so its items render. */}
              <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
                {ui}
              </VirtuosoMockContext.Provider>
            </NavigationProvider>
          </ConfirmProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ServicesProvider>,
  );
}
