import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import type { LiveConnection } from '../../lib/live';
import { TypingSender, type TypingPlace } from './typing-sender';
import { channelKey, dmKey, TypingStore, type ConversationKey, type Typist } from './typing-store';

/** Where a composer writes (the shape of the composer's own target). */
export type TypingTarget = { kind: 'channel'; channel: { id: number } } | { kind: 'dm'; recipientId: number };

const keyOf = (t: TypingTarget): ConversationKey =>
  t.kind === 'channel' ? channelKey(t.channel.id) : dmKey(t.recipientId);

/** One store per live connection (a tab has one), following it from the first time it is asked for. */
const stores = new WeakMap<LiveConnection, TypingStore>();
export function typingStoreOf(live: LiveConnection): TypingStore {
  let store = stores.get(live);
  if (!store) {
    store = new TypingStore();
    live.subscribe(store.onSignal);
    stores.set(live, store);
  }
  return store;
}

/** Who else is typing in the conversation, for the line under its composer. */
export function useTypists(target: TypingTarget): readonly Typist[] {
  const { live } = useServices();
  const store = typingStoreOf(live);
  const key = keyOf(target);
  return useSyncExternalStore(store.subscribe, () => store.typists(key));
}

/** Tells the others that the user is typing while `text` changes (see TypingSender for when). */
export function useTypingSignal(target: TypingTarget, text: string): void {
  const { live } = useServices();
  const me = useSession()?.user.id ?? null;
  const channelId = target.kind === 'channel' ? target.channel.id : null;
  const dmUserId = target.kind === 'dm' ? target.recipientId : null;
  const sender = useMemo(() => {
    if (me === null) return null;
    const place: TypingPlace = channelId !== null ? { channel_id: channelId } : { dm_user_id: dmUserId! };
    return new TypingSender(place, (frame) => live.send(frame, { expectReply: false }), me);
  }, [live, me, channelId, dmUserId]);
  useEffect(() => (sender ? live.subscribe(sender.onSignal) : undefined), [live, sender]);
  useEffect(() => sender?.textChanged(text), [sender, text]);
}
