import { createContext, useContext, type ReactNode } from 'react';
import { QueryClient } from '@tanstack/react-query';
import type { OwnPresence } from '@hearth/protocol';
import { AuthStore, SESSION_EXPIRED_KEY } from '../lib/auth-store';
import { HttpClient } from '../lib/http';
import { LiveConnection, type SocketLike } from '../lib/live';
import { Outbox } from '../lib/outbox';
import { accessTokenExpiresSoon } from '../lib/jwt';
import { PresenceStore } from '../features/presence/presence-store';
import { PresenceAgent } from '../features/presence/presence-agent';
import { replyDrafts } from '../features/replies/reply-draft';
import { connectivity } from './connectivity';
import { QueryPersistence } from './query-persistence';
import { SessionLifecycle } from '../features/session-lifecycle/session-lifecycle';
import { suspendedEnding } from '../features/session-lifecycle/endings';

/** The long-lived objects of a signed-in browser tab. Created once; tests may build their own. */
export interface Services {
  auth: AuthStore;
  http: HttpClient;
  live: LiveConnection;
  /** Channel messages sent and not yet confirmed, across channel switches. */
  outbox: Outbox;
  queryClient: QueryClient;
  /** Everyone's presence as this tab knows it (live state, outside TanStack Query). */
  presence: PresenceStore;
  /** The user's own presence: their choice, and the automatic away and back (spec 2 §4). */
  presenceAgent: PresenceAgent;
  /** How the session ends after a delay: suspended, terminated, revoked, FINAL BREACH (spec 3 §4). */
  lifecycle: SessionLifecycle;
}

export function createServices(): Services {
  const auth = new AuthStore();
  const queryClient = new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
  // The signed-in user's last known data, back before the first render (the offline shell).
  const persistence = new QueryPersistence(queryClient, localStorage);
  persistence.follow(auth.get()?.user.id ?? null);
  window.addEventListener('pagehide', () => persistence.flush());
  const http = new HttpClient(
    auth,
    '/api',
    () => {
      // Signing out in a moment on purpose (a new username or password): the refusal was expected, and
      // the session ends when planned, without calling it expired.
      if (auth.isEnding) return;
      // A reason already stored (a revoked device, signing out in 2 s) is the one to show.
      if (!localStorage.getItem(SESSION_EXPIRED_KEY))
        localStorage.setItem(SESSION_EXPIRED_KEY, 'Your session has expired. Please log in again.');
      auth.set(null);
    },
    (reached, sentAt) => connectivity.report(reached, sentAt),
    // Suspended before this tab's live connection could hear it: ended as the live event would end it.
    (reason, message) => {
      if (auth.reload() && !lifecycle.isEnding) lifecycle.end(suspendedEnding({ reason, message }));
    },
  );
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
  const live = new LiveConnection({
    url: wsUrl,
    // The browser's handler types are narrower (Event, MessageEvent) than the interface needs.
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    getToken: () => auth.get()?.accessToken ?? null,
    getUserId: () => auth.get()?.user.id ?? null,
    refreshToken: async () => {
      const token = auth.get()?.accessToken;
      if (!token) return false;
      return accessTokenExpiresSoon(token) ? http.refresh() : true;
    },
    forceRefresh: () => http.refresh(),
    isVisible: () => document.visibilityState === 'visible',
  });
  // An open live connection is an answer from the server too (the offline notice goes). One that gave
  // up (spec 1 §2: 'max retries reached', after 5 attempts) found no server: the tab is offline as far
  // as it knows, so the server is asked again until it answers, and then the live connection tries at
  // once (OfflineNotice). A server restart longer than the 5 attempts is no longer the end of the tab.
  live.subscribe((signal) => {
    if (signal.kind === 'state' && signal.state === 'open') connectivity.report(true);
    if (signal.kind === 'max_retries') connectivity.report(false);
  });
  const outbox = new Outbox(live);
  // Before the first render: a suspension stored before a reload stops the session's checks at once.
  const lifecycle = new SessionLifecycle({
    auth,
    live,
    logout: (refreshToken) => http.post('/auth/logout', { refresh_token: refreshToken }, { anonymous: true }),
  });
  const presence = new PresenceStore();
  const presenceAgent = createPresenceAgent(http, presence);
  // However the session ends (logout, a refused refresh, a revoked device, another tab), nothing of
  // it may survive into the next account's session in this tab: not its data, its unsent messages,
  // or the place it was at (the next sign-in starts at home, not in a channel of the last account).
  auth.subscribe(() => {
    // First, so the saved copy is forgotten (signed out) before the cache is emptied, never saved empty.
    persistence.follow(auth.get()?.user.id ?? null);
    if (auth.get()) return;
    queryClient.clear();
    outbox.clear();
    replyDrafts.clear();
    presence.clear();
    if (location.pathname !== '/') history.replaceState(null, '', '/');
  });
  return { auth, http, live, outbox, queryClient, presence, presenceAgent, lifecycle };
}

/** The agent's changes show at once on the user's own dot (invisible looks offline, spec 2 §4). */
export function createPresenceAgent(http: HttpClient, presence: PresenceStore): PresenceAgent {
  return new PresenceAgent(
    {
      now: () => Date.now(),
      visible: () => typeof document === 'undefined' || document.visibilityState === 'visible',
      put: (body) => http.put<OwnPresence>('/user/presence', body),
    },
    (own) => presence.apply(own.is_invisible ? { ...own, presence_status: 'offline', is_online: false } : own),
  );
}

const ServicesContext = createContext<Services | null>(null);

export function ServicesProvider({ services, children }: { services: Services; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices outside ServicesProvider');
  return services;
}
