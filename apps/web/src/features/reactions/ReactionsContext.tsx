import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Reaction } from '@hearth/protocol';
import { useMyGroupPermissions } from '../groups/queries';

/** Where a conversation keeps its messages' reactions: a channel's message window, later a direct message's. */
export interface ReactionTarget {
  updateReactions(messageId: number, change: (reactions: readonly Reaction[]) => Reaction[]): void;
}

interface ReactionsContextValue {
  target: ReactionTarget;
  /** Whether the viewer may add reactions here (can_post); taking one's own back is always allowed. */
  canReact: boolean;
  /** `messageId emojiKey` of the toggles on their way to the server, shared by the bar and the picker. */
  pending: Set<string>;
}

const ReactionsContext = createContext<ReactionsContextValue | null>(null);

/** Gives the messages of one channel their reaction store and the viewer's right to react in its group. */
export function ChannelReactionsProvider({
  target,
  groupId,
  children,
}: {
  target: ReactionTarget;
  groupId: number;
  children: ReactNode;
}) {
  const { canPost } = useMyGroupPermissions(groupId);
  const pending = useMemo(() => new Set<string>(), []);
  const value = useMemo(() => ({ target, canReact: canPost, pending }), [target, canPost, pending]);
  return <ReactionsContext.Provider value={value}>{children}</ReactionsContext.Provider>;
}

/** Null outside a conversation that supports reactions (then no bar actions are offered). */
export const useReactionsContext = () => useContext(ReactionsContext);

/** A direct message's conversation: both participants may react (the server refuses across a block). */
export function ConversationReactionsProvider({ target, children }: { target: ReactionTarget; children: ReactNode }) {
  const pending = useMemo(() => new Set<string>(), []);
  const value = useMemo(() => ({ target, canReact: true, pending }), [target, pending]);
  return <ReactionsContext.Provider value={value}>{children}</ReactionsContext.Provider>;
}
