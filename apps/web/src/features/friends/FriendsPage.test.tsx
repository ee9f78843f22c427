import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Friend, FriendRequest, PublicUser } from '@hearth/protocol';
import type { Reply, Request } from '../../test/fake-fetch';
import { setApiVersion } from '../../test/api-version';
import { user } from '../../test/factories';
import { renderWithServices } from '../../test/render';
import { createTestServices } from '../messages/test-harness';
import type { BlockedUser } from './queries';
import { FriendsPage } from './FriendsPage';

const at = '2025-01-01T00:00:00.000Z';
const person = (id: number, username: string, nickname: string | null = null): PublicUser =>
  user({ id, username, nickname });
const bob = person(2, 'bob', 'Bobby');
const carol = person(3, 'carol');
const dave = person(4, 'dave');
const erin = person(5, 'erin');

const friend = (u: PublicUser): Friend => ({ friendship_id: 100 + u.id, since: at, user: u });
const request = (u: PublicUser): FriendRequest => ({
  id: 100 + u.id,
  friendship_id: 100 + u.id,
  created_at: at,
  user: u,
});

/** What the fake server holds; GETs answer from it, so a refetch shows what changed. */
interface State {
  friends: Friend[];
  incoming: FriendRequest[];
  outgoing: FriendRequest[];
  blocked: BlockedUser[];
}

function serve(state: State, writes: (req: Request) => Reply | undefined = () => undefined) {
  return (req: Request): Reply | undefined => {
    const path = req.path.replace(/^\/api/, '');
    if (req.method === 'GET') {
      const body = {
        '/friends': state.friends,
        '/friends/requests/incoming': state.incoming,
        '/friends/requests/outgoing': state.outgoing,
        '/friends/blocked': state.blocked,
      }[path];
      return body && { status: 200, body };
    }
    return writes({ ...req, path });
  };
}

let stopLive: (() => void) | null = null;
afterEach(() => stopLive?.());

function renderPage(routes: (req: Request) => Reply | undefined | Promise<Reply | undefined>) {
  const harness = createTestServices({ routes });
  stopLive = () => harness.services.live.stop();
  const onMessage = vi.fn();
  renderWithServices(<FriendsPage onMessage={onMessage} />, harness.services);
  return { ...harness, onMessage };
}

const tab = (name: RegExp) => screen.getByRole('tab', { name });

describe('FriendsPage', () => {
  it('shows each list with its count, and the search narrows the rows, not the counts', async () => {
    const { onMessage } = renderPage(
      serve({
        friends: [friend(bob), friend(carol)],
        incoming: [request(dave)],
        outgoing: [request(erin)],
        blocked: [],
      }),
    );
    expect(await screen.findByRole('tab', { name: 'All 2' })).toBeTruthy();
    expect(tab(/^Online/).textContent).toBe('Online 0');
    expect(tab(/^Pending/).textContent).toBe('Pending 2');
    expect(tab(/^Blocked/).textContent).toBe('Blocked 0');

    // Nickname first, then @username.
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((r) => r.textContent?.includes('Bobby@bob'))).toEqual([true, false]);
    await userEvent.click(screen.getByRole('button', { name: 'Message Bobby' }));
    expect(onMessage).toHaveBeenCalledWith(bob);

    const search = screen.getByRole('searchbox', { name: 'Search friends' });
    expect(search.getAttribute('placeholder')).toBe('Search friends...');
    await userEvent.type(search, 'BOBB');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'zed');
    expect(screen.getByText('No friends found')).toBeTruthy();
    expect(tab(/^All/).textContent).toBe('All 2');
  });

  it('lists online friends from the presence store, live', async () => {
    const { services } = renderPage(
      serve({ friends: [friend(bob), friend(carol)], incoming: [], outgoing: [], blocked: [] }),
    );
    await screen.findByRole('tab', { name: 'All 2' });
    await userEvent.click(tab(/^Online/));
    expect(screen.getByText('No friends online')).toBeTruthy();

    act(() =>
      services.presence.apply({ user_id: carol.id, presence_status: 'online', is_online: true, last_seen: null }),
    );
    expect(tab(/^Online/).textContent).toBe('Online 1');
    const row = screen.getByRole('listitem');
    expect(within(row).getByRole('button', { name: 'Message carol' })).toBeTruthy();
    expect(within(row).getByRole('img', { name: 'Online' })).toBeTruthy();
  });

  it('shows the empty texts', async () => {
    renderPage(serve({ friends: [], incoming: [], outgoing: [], blocked: [] }));
    expect(await screen.findByText('No friends yet')).toBeTruthy();
    await userEvent.click(tab(/^Pending/));
    expect(screen.getByText('No pending requests')).toBeTruthy();
    await userEvent.click(tab(/^Blocked/));
    expect(screen.getByText('No blocked users')).toBeTruthy();
  });

  it('shows requests in two sections; accepting one reloads the lists', async () => {
    const state: State = { friends: [], incoming: [request(dave)], outgoing: [request(erin)], blocked: [] };
    const { requests } = renderPage(
      serve(state, ({ method, path }) => {
        if (method === 'POST' && path === '/friends/104/accept') {
          state.incoming = [];
          state.friends = [friend(dave)];
          return { status: 200, body: { message: 'Friend request accepted', friendship_id: 104 } };
        }
        return undefined;
      }),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Pending 2' }));
    const incoming = screen.getByRole('region', { name: 'Incoming — 1' });
    const outgoing = screen.getByRole('region', { name: 'Outgoing — 1' });
    expect(within(outgoing).getByRole('button', { name: 'Cancel request to erin' })).toBeTruthy();
    expect(within(incoming).getByRole('button', { name: 'Decline dave' })).toBeTruthy();

    await userEvent.click(within(incoming).getByRole('button', { name: 'Accept dave' }));
    await waitFor(() => expect(tab(/^Pending/).textContent).toBe('Pending 1'));
    expect(tab(/^All/).textContent).toBe('All 1');
    expect(screen.queryByRole('region', { name: /^Incoming/ })).toBeNull();
    expect(requests.filter((r) => r.method === 'GET' && r.path === '/api/friends')).toHaveLength(2);
  });

  it('shows a request arriving live, without a reload', async () => {
    const state: State = { friends: [], incoming: [], outgoing: [], blocked: [] };
    const { emit } = renderPage(serve(state));
    await screen.findByRole('tab', { name: 'Pending 0' });
    state.incoming = [request(dave)];
    act(() => emit('friend_request_received', { friendship_id: 104, created_at: at, user: dave }));
    expect(await screen.findByRole('tab', { name: 'Pending 1' })).toBeTruthy();
  });

  it('asks before removing a friend, and says why the server refused', async () => {
    const removals: string[] = [];
    renderPage(
      serve({ friends: [friend(carol)], incoming: [], outgoing: [], blocked: [] }, ({ method, path }) => {
        if (method !== 'DELETE') return undefined;
        removals.push(path);
        return { status: 404, body: { detail: 'You are not friends with this user' } };
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove carol' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Friend' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(removals).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Remove carol' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('You are not friends with this user')).toBeTruthy();
    expect(removals).toEqual(['/friends/3']);
  });

  it('unblocks, with the spec’s text when the server gives none', async () => {
    renderPage(
      serve({ friends: [], incoming: [], outgoing: [], blocked: [{ blocked_at: at, user: erin }] }, ({ method }) =>
        method === 'DELETE' ? { status: 500 } : undefined,
      ),
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Blocked 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unblock erin' }));
    expect(await screen.findByText('Failed to unblock user')).toBeTruthy();
  });

  it('says when the lists cannot be loaded, and Try Again loads them', async () => {
    let fail = true;
    const state: State = { friends: [friend(bob)], incoming: [], outgoing: [], blocked: [] };
    const answer = serve(state);
    renderPage((req) =>
      fail && req.path === '/api/friends' ? { status: 500, body: { detail: 'Database unavailable' } } : answer(req),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to load friends')).toBeTruthy();
    expect(within(alert).getByText('Database unavailable')).toBeTruthy();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Message Bobby' })).toBeTruthy();
  });
});

describe('Add Friend', () => {
  const empty: State = { friends: [], incoming: [], outgoing: [], blocked: [] };
  const field = () => screen.getByRole('textbox', { name: 'Username' });
  const sendButton = () => screen.getByRole('button', { name: 'Send Friend Request' });

  it('sends the trimmed username on Enter and shows the server’s message', async () => {
    const sent: unknown[] = [];
    renderPage(
      serve(empty, ({ method, body }) => {
        if (method !== 'POST') return undefined;
        sent.push(body);
        return { status: 201, body: { message: 'Friend request sent', friendship_id: 9 } };
      }),
    );
    expect(sendButton()).toHaveProperty('disabled', true);
    await userEvent.type(field(), '   ');
    expect(sendButton()).toHaveProperty('disabled', true);
    await userEvent.type(field(), 'bob {Enter}');
    expect(await screen.findByText('Friend request sent')).toBeTruthy();
    expect(sent).toEqual([{ username: 'bob' }]);
    expect(field()).toHaveProperty('value', '');
  });

  it('shows the Not Accepting dialog for that refusal, a toast for others', async () => {
    const replies: Reply[] = [
      { status: 403, body: { detail: 'This user is not accepting friend requests' } },
      { status: 404, body: { detail: 'User not found' } },
      { status: 500 },
    ];
    renderPage(serve(empty, ({ method }) => (method === 'POST' ? replies.shift() : undefined)));

    await userEvent.type(field(), 'private{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Not Accepting Friend Requests' });
    expect(within(dialog).getByText('This user is not accepting friend requests at the moment.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(sendButton());
    expect(await screen.findByText('User not found')).toBeTruthy();
    await userEvent.click(sendButton());
    expect(await screen.findByText('Failed to send friend request')).toBeTruthy();
  });

  it('a friend’s Call opens the conversation with them and asks for a call; no Call on API v1', async () => {
    const asked: unknown[] = [];
    const listen = (event: Event) => asked.push((event as CustomEvent).detail);
    window.addEventListener('dm_call:start', listen);
    onTestFinished(() => {
      window.removeEventListener('dm_call:start', listen);
      window.history.replaceState(null, '', '/');
    });
    renderPage(serve({ friends: [friend(bob)], incoming: [], outgoing: [], blocked: [] }));
    await userEvent.click(await screen.findByRole('button', { name: 'Call Bobby' }));
    expect(window.location.pathname).toBe(`/dm/${bob.id}`);
    expect(asked).toEqual([{ recipientId: bob.id }]);

    act(() => setApiVersion('v1'));
    expect(screen.queryByRole('button', { name: 'Call Bobby' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Message Bobby' })).toBeTruthy();
  });
});
