import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import type { Message } from '@hearth/protocol';
import { Spinner } from '../../ui';
import { dayKey, formatDay } from './format-time';
import { ArrowDownIcon } from './icons';
import { MessageItem } from './MessageItem';
import type { Viewer } from './message-permissions';
import type { MessageWindow, MessageWindowState } from './message-window';
import { useEdgePaging } from './useEdgePaging';
import { useMessageActions } from './useMessageActions';
import styles from './MessageList.module.css';

/** Spec 1 §2 and §9. */
const AUTO_LOAD_PAUSE_MS = 2_000;
const SCROLL_REPEATS_MS = [100, 300, 500];
const SCROLL_REPEAT_LIMIT_MS = 3_000;
const OLDER_THRESHOLD_PX = 1_000;
const NEWER_THRESHOLD_PX = 50;

export interface MessageListHandle {
  /** Shows the newest message: scrolls down, or reloads the newest page if the window stops short of it. */
  scrollToLatest(): void;
}

export interface MessageListProps {
  store: MessageWindow;
  state: MessageWindowState;
  viewer: Viewer | null;
  ref?: Ref<MessageListHandle>;
}

interface ListContext {
  messages: readonly Message[];
  firstItemIndex: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  viewer: Viewer | null;
  editingId: number | null;
}

const components: Components<Message, ListContext> = {
  Header: ({ context }) =>
    context.loadingOlder ? <p className={styles.edge}>Loading older messages...</p> : <div className={styles.gap} />,
  Footer: ({ context }) =>
    context.loadingNewer ? <p className={styles.edge}>Loading newer messages...</p> : <div className={styles.gap} />,
};

function dayLabelFor(index: number, message: Message, ctx: ListContext): string | null {
  const previous = ctx.messages[index - ctx.firstItemIndex - 1];
  if (!previous) return ctx.hasOlder ? null : formatDay(message.timestamp);
  return dayKey(previous.timestamp) === dayKey(message.timestamp) ? null : formatDay(message.timestamp);
}

/** The channel history as a virtualised list that stays anchored while pages load at either end. */
export function MessageList({ store, state, viewer, ref }: MessageListProps) {
  const virtuoso = useRef<VirtuosoHandle>(null);
  const [atTop, setAtTop] = useState(false);
  const [atBottom, setAtBottom] = useState(true);
  const [autoLoad, setAutoLoad] = useState(false);
  const [unseen, setUnseen] = useState(false);
  const [editingId, setEditingId] = useState<number | null>(null);
  const actions = useMessageActions(store);
  // Read inside callbacks that must see the latest value without being recreated.
  const atBottomRef = useRef(true);
  const hasNewerRef = useRef(state.hasNewer);
  hasNewerRef.current = state.hasNewer;
  const userScrolled = useRef(false);

  const scrollToBottom = useCallback(() => virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' }), []);

  // Each fresh window (channel opened, resync, jump) starts at the bottom; the scroll is repeated
  // while late layout settles, and automatic paging waits so the first scroll cannot trigger it.
  const { status, generation } = state;
  useEffect(() => {
    if (status !== 'ready') return;
    setAutoLoad(false);
    userScrolled.current = false;
    const started = Date.now();
    const timers = SCROLL_REPEATS_MS.map((ms) =>
      setTimeout(() => {
        if (!userScrolled.current && Date.now() - started <= SCROLL_REPEAT_LIMIT_MS) scrollToBottom();
      }, ms),
    );
    timers.push(setTimeout(() => setAutoLoad(true), AUTO_LOAD_PAUSE_MS));
    return () => timers.forEach(clearTimeout);
  }, [status, generation, scrollToBottom]);

  const { hasNewer, firstItemIndex } = state;
  useEdgePaging(store, state, { atTop, atBottom, enabled: autoLoad });

  const latestLiveId = state.latestLive?.id;
  useEffect(() => {
    if (latestLiveId === undefined) return;
    if (atBottomRef.current && !hasNewerRef.current) scrollToBottom();
    else setUnseen(true);
  }, [latestLiveId, scrollToBottom]);
  useEffect(() => {
    if (atBottom && !hasNewer) setUnseen(false);
  }, [atBottom, hasNewer]);

  const scrollToLatest = useCallback(() => {
    setUnseen(false);
    if (store.getSnapshot().hasNewer) void store.loadNewest();
    else scrollToBottom();
  }, [store, scrollToBottom]);
  useImperativeHandle(ref, () => ({ scrollToLatest }), [scrollToLatest]);

  const onSave = useCallback(
    async (message: Message, content: string) => {
      if (await actions.save(message, content)) setEditingId(null);
    },
    [actions],
  );

  const context = useMemo<ListContext>(
    () => ({
      messages: state.messages,
      firstItemIndex,
      hasOlder: state.hasOlder,
      loadingOlder: state.loadingOlder,
      loadingNewer: state.loadingNewer,
      viewer,
      editingId,
    }),
    [state.messages, firstItemIndex, state.hasOlder, state.loadingOlder, state.loadingNewer, viewer, editingId],
  );

  const itemContent = useCallback(
    (index: number, message: Message, ctx: ListContext) => (
      <MessageItem
        message={message}
        dayLabel={dayLabelFor(index, message, ctx)}
        viewer={ctx.viewer}
        editing={ctx.editingId === message.id}
        onEdit={setEditingId}
        onSave={onSave}
        onDelete={actions.remove}
      />
    ),
    [onSave, actions.remove],
  );

  if (status === 'loading') {
    return (
      <div className={styles.center}>
        <Spinner size={24} label="Loading messages" />
      </div>
    );
  }
  if (state.messages.length === 0) {
    return (
      <div className={styles.center}>
        <p>No messages yet. Start the conversation!</p>
      </div>
    );
  }

  const markUserScroll = () => {
    userScrolled.current = true;
  };
  return (
    <div className={styles.list} onWheel={markUserScroll} onTouchMove={markUserScroll} onKeyDown={markUserScroll}>
      <Virtuoso
        key={generation}
        ref={virtuoso}
        className={styles.scroller}
        role="region"
        aria-label="Messages"
        tabIndex={0}
        data={state.messages}
        context={context}
        firstItemIndex={firstItemIndex}
        initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
        computeItemKey={(_, message) => message.id}
        itemContent={itemContent}
        components={components}
        alignToBottom
        followOutput={(isAtBottom) => (isAtBottom && !hasNewerRef.current ? 'auto' : false)}
        atTopThreshold={OLDER_THRESHOLD_PX}
        atBottomThreshold={NEWER_THRESHOLD_PX}
        atTopStateChange={setAtTop}
        atBottomStateChange={(value) => {
          atBottomRef.current = value;
          setAtBottom(value);
        }}
        increaseViewportBy={{ top: 600, bottom: 300 }}
      />
      {unseen && (
        <button type="button" className={styles.newMessages} onClick={scrollToLatest}>
          New messages
          <ArrowDownIcon size={14} />
        </button>
      )}
    </div>
  );
}
