import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Channel, Group, SelfUser } from '@hearth/protocol';
import type { Services } from '../../app/services';
import { FakeSocket } from '../../test/fake-socket';
import { stubFetch, type Answer, type Reply, type Request } from '../../test/fake-fetch';
import { channel, group, user as defaultUser } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { NavigationProvider } from '../../app/navigation';

/** The real client objects with only the network faked: fetch answers from `routes`, the socket is driven by hand. */

export const testChannel: Channel = channel(1, 'general', 1, { position: 0 });

export const testGroup: Group = group(1, 'Hearth');

/** Answers the shell's lookups: channels, groups, and the group permissions given. */
export function baseRoutes(
  permissions = { can_view: true, can_post: true, can_upload: true },
): (req: Request) => Reply | undefined {
  return ({ method, path }) => {
    if (method !== 'GET') return undefined;
    if (path === '/api/channel/') return { status: 200, body: [testChannel] };
    if (path === '/api/group') return { status: 200, body: [testGroup] };
    if (path.startsWith('/api/user/group-permissions/')) return { status: 200, body: { group_id: 1, ...permissions } };
    return undefined;
  };
}

export function createTestServices({
  user = defaultUser(),
  routes,
  liveOpen = true,
}: {
  user?: SelfUser | null;
  routes: Answer;
  liveOpen?: boolean;
}) {
  const requests = stubFetch(routes);
  const sockets: FakeSocket[] = [];
  const services: Services = testServices({
    user,
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
  });
  if (user) {
    services.live.start();
    if (liveOpen) {
      sockets[0]!.open();
      sockets[0]!.receive({ type: 'ready', seq: 1, data: { session_id: 'S1' } });
    }
  }
  const socket = () => sockets.at(-1)!;
  /** Delivers a server event to the client. */
  const emit = (type: string, data: unknown) => socket().receive({ type, seq: 2, data });
  return { services, requests, socket, emit };
}

/**
 * Renders with the app's providers, plus navigation (at an address of `location`, by default a
 * memory location at #general of Hearth) and a message list that can lay out without a browser.
 */
export function renderChat(
  ui: ReactNode,
  services: Services,
  location = memoryLocation({ path: '/channels/1/1' }).hook,
) {
  return renderWithServices(
    <Router hook={location}>
      <NavigationProvider>
        {/* jsdom has no layout: the list gets fixed sizes so its items render. */}
        <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 60 }}>
          {ui}
        </VirtuosoMockContext.Provider>
      </NavigationProvider>
    </Router>,
    services,
  );
}
