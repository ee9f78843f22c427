import { useState, useSyncExternalStore } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import type { CustomEmoji, Message, Reaction } from '@hearth/protocol';
import { stubFetch, type Reply, type Request } from '../../test/fake-fetch';
import { user } from '../../test/factories';
import { renderWithServices, testServices } from '../../test/render';
import { MessageWindow } from '../messages/message-window';
import { fakeLive, makeMessage } from '../messages/test-messages';
import { AddReactionButton } from './AddReactionButton';
import { ReactionBar } from './ReactionBar';
import { ChannelReactionsProvider } from './ReactionsContext';

/** A message (id 1, by bob) in a real message window, with its bar and Add Reaction, for alice (id 7). */
export async function renderReactions({
  reactions = [],
  canPost = true,
  answer = () => undefined,
  customEmoji = [],
}: {
  /** What GET /emoji/emojis answers (the viewer's own; none are public). */
  customEmoji?: CustomEmoji[];
  reactions?: Reaction[];
  canPost?: boolean;
  /** Answers the reaction requests; unanswered ones get a 404. */
  answer?: (req: Request) => Reply | undefined | Promise<Reply | undefined>;
}) {
  const requests = stubFetch((req) => {
    if (req.path.startsWith('/api/user/group-permissions/'))
      return { status: 200, body: { group_id: 1, can_view: true, can_post: canPost, can_upload: true } };
    if (req.path.startsWith('/api/emoji/emojis') && req.method === 'GET')
      return { status: 200, body: req.path.includes('public=true') ? [] : customEmoji };
    return answer(req);
  });
  const live = fakeLive();
  const message = makeMessage(1, { user_id: 8, username: 'bob', reactions });
  const store = new MessageWindow(1, {
    fetchPage: async () => [message],
    subscribeLive: live.subscribe,
    onNewestLoaded: () => undefined,
  });
  store.start();
  await store.loadNewest();

  function View() {
    const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
    const [open, setOpen] = useState(false);
    const current = state.messages[0] as Message;
    return (
      <ChannelReactionsProvider target={store} groupId={1}>
        <ReactionBar message={current} />
        <AddReactionButton message={current} open={open} onOpenChange={setOpen} />
      </ChannelReactionsProvider>
    );
  }
  // The picker's grid is virtual: jsdom lays nothing out, so the rows are given a size.
  const view = renderWithServices(
    <VirtuosoMockContext.Provider value={{ viewportHeight: 2000, itemHeight: 52 }}>
      <View />
    </VirtuosoMockContext.Provider>,
    testServices({ user: user() }),
  );
  /** Delivers a live event as the server would. */
  const emit = (type: string, data: Reaction) => live.emit({ kind: 'frame', frame: { type, seq: 5, data } });
  return { ...view, requests, emit, store };
}
