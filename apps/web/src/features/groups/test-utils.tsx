import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { SelfUser } from '@hearth/protocol';
import { stubFetch, type Reply, type Request } from '../../test/fake-fetch';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { NavigationProvider } from '../../app/navigation';
import { HOME, placePath } from '../../app/routes';

/** A route's answer to the request body, or a promise of one (to hold a request open). */
export type Route = (body: unknown) => Reply | Promise<Reply>;

/** Answers from a table of 'METHOD /path' routes (paths without the /api prefix); the requests come back with such paths. */
export function fakeServer(routes: Record<string, Route>): Request[] {
  const calls: Request[] = [];
  stubFetch(({ method, path, body }) => {
    const call = { method, path: path.replace(/^\/api/, ''), body };
    calls.push(call);
    return routes[`${method} ${call.path}`]?.(body);
  });
  return calls;
}

export const ok =
  (body?: unknown): Route =>
  () => ({ status: body === undefined ? 204 : 200, body });

export interface Place {
  groupId: number | null;
  channelId: number | null;
}

/** Renders with the app's real providers around a signed-in session, at a group and channel; only fetch is fake. */
export function renderSignedIn(ui: ReactNode, signedIn: SelfUser = user(), place?: Place) {
  // The navigation follows the address: start at the place's.
  const location = memoryLocation({ path: placePath(place ?? HOME), record: true });
  const view = renderWithServices(
    <Router hook={location.hook}>
      <NavigationProvider>{ui}</NavigationProvider>
    </Router>,
    testServices({ user: signedIn }),
  );
  return { ...view, location };
}
