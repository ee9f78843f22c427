import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { conversationIdOf } from '@hearth/protocol/conversation-id';
import { uploadLimitTitle } from '@hearth/protocol/texts';
import { useSession } from '../../app/session';
import { ApiError } from '../../lib/http';
import { useToast, VisuallyHidden } from '../../ui';
import { DropZone, useAttachmentDraft } from '../attachments';
import { ConversationReactionsProvider } from '../reactions';
import { Composer } from '../messages/Composer';
import { MessageList, type MessageListHandle } from '../messages/MessageList';
import { useMessageWindow } from '../messages/useMessageWindow';
import { CallBanner } from '../voice';
import { fetchConversationPage } from './dm-api';
import { DmHeader } from './DmHeader';
import { useMarkConversationRead } from './queries';
import { useDmPartner } from './useDmPartner';
import styles from './DmChat.module.css';

/** Spec 2 §9: the newest message counts as read this long after it is in view. */
const READ_AFTER_MS = 200;
export const GUARDIAN_NOTE = 'This is a system conversation. You cannot reply to Guardian messages.';

/** The conversation with one person (spec 2 §2), addressed as /dm/{userId}. */
export function DmChat({ userId }: { userId: number }) {
  const me = useSession()?.user ?? null;
  const conversationId = me ? conversationIdOf(me.id, userId) : null;
  if (!me || conversationId === null) return null;
  return <DmView key={conversationId} userId={userId} conversationId={conversationId} />;
}

function DmView({ userId, conversationId }: { userId: number; conversationId: number }) {
  const session = useSession();
  const [, navigate] = useLocation();
  const toast = useToast();
  const { user, loading } = useDmPartner(userId);
  const fetchPage = useCallback(
    (http: Parameters<typeof fetchConversationPage>[0], query: Parameters<typeof fetchConversationPage>[2]) =>
      fetchConversationPage(http, userId, query).catch((error: unknown) => {
        // Spec 1 §8: a refused read says why, instead of an empty conversation.
        if (error instanceof ApiError && error.status === 403) toast.error('Cannot View Conversation', error.message);
        throw error;
      }),
    [userId, toast],
  );
  const { store, state } = useMessageWindow(conversationId, fetchPage);
  const list = useRef<MessageListHandle>(null);
  const draft = useAttachmentDraft(conversationId);
  const markRead = useMarkConversationRead().mutate;
  const system = user.role === 'SYSTEM';
  const name = user.nickname || user.username;

  // The newest message in view in a visible tab marks the conversation read, once per newest message.
  const atLatest = useRef(false);
  const marked = useRef<number | null>(null);
  const latestOther = state.messages.findLast((m) => m.user_id !== session?.user.id)?.id ?? null;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const maybeMark = useCallback(() => {
    clearTimeout(timer.current);
    if (!atLatest.current || latestOther === null || marked.current === latestOther) return;
    if (document.visibilityState !== 'visible') return;
    timer.current = setTimeout(() => {
      marked.current = latestOther;
      markRead(userId);
    }, READ_AFTER_MS);
  }, [latestOther, markRead, userId]);
  useEffect(() => {
    maybeMark();
    document.addEventListener('visibilitychange', maybeMark);
    return () => {
      document.removeEventListener('visibilitychange', maybeMark);
      clearTimeout(timer.current);
    };
  }, [maybeMark]);
  const onAtLatestChange = useCallback(
    (value: boolean) => {
      atLatest.current = value;
      maybeMark();
    },
    [maybeMark],
  );

  const addFiles = (files: File[]) => {
    const refused = draft.add(files);
    if (refused) toast.error(uploadLimitTitle, refused);
  };

  return (
    <section className={styles.chat} aria-label={`Direct message with ${name}`}>
      <VisuallyHidden>
        <h1>Direct message with {name}</h1>
      </VisuallyHidden>
      <DmHeader user={user} onBack={() => navigate('/')} />
      <CallBanner partnerId={userId} />
      <DropZone enabled={!system} onFiles={addFiles}>
        <ConversationReactionsProvider target={store}>
          <MessageList
            ref={list}
            store={store}
            state={state}
            viewer={session?.user ?? null}
            onAtLatestChange={onAtLatestChange}
          />
        </ConversationReactionsProvider>
        {system ? (
          <p className={styles.systemNote}>{GUARDIAN_NOTE}</p>
        ) : (
          <Composer
            key={loading ? 'loading' : 'ready'}
            target={{ kind: 'dm', conversationId, recipientId: userId, name: user.username }}
            draft={draft}
            onFiles={addFiles}
            onSent={() => list.current?.scrollToLatest()}
          />
        )}
      </DropZone>
    </section>
  );
}
