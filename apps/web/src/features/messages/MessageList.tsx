import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type Ref,
  type RefCallback,
} from 'react';
import { Virtuoso, type Components, type VirtuosoHandle } from 'react-virtuoso';
import type { Message } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useOffline } from '../../app/useOffline';
import { Spinner } from '../../ui';
import { useLiveState } from '../live/useLiveState';
import { useEditLastRequests } from './edit-last';
import { useJumpRequests } from './jump-requests';
import { ArrowDownIcon } from './icons';
import { MessageItem } from './MessageItem';
import type { Viewer } from './message-permissions';
import { listRows, rowPlace, type ListRow } from './message-rows';
import type { MessageWindow, MessageWindowState } from './message-window';
import { PendingMessageItem, type PendingAuthor } from './PendingMessageItem';
import { useEdgePaging } from './useEdgePaging';
import { useMessageActions } from './useMessageActions';
import { useRovingFocus } from './useRovingFocus';
import { useStickToBottom } from './useStickToBottom';
import { usePendingMessages } from './useSendMessage';
import { useMarkReadAtBottom } from '../read-status/useMarkReadAtBottom';
import { ReplyJumpContext, useReplyJump } from '../replies';
import styles from './MessageList.module.css';

/** Spec 1 §2 and §9. */
const AUTO_LOAD_PAUSE_MS = 2_000;
const SCROLL_REPEATS_MS = [100, 300, 500];
const SCROLL_REPEAT_LIMIT_MS = 3_000;
const OLDER_THRESHOLD_PX = 1_000;
const NEWER_THRESHOLD_PX = 50;
/** The reader's own ways of scrolling the list (events that reach its container). */
const READER_SCROLL_EVENTS = ['wheel', 'touchmove', 'keydown', 'pointerdown'] as const;

export interface MessageListHandle {
  /** Shows the newest message: scrolls down, or reloads the newest page if the window stops short of it. */
  scrollToLatest(): void;
}

export interface MessageListProps {
  store: MessageWindow;
  state: MessageWindowState;
  /** The signed-in user: what they may do, and how their own messages on their way look. */
  viewer: (Viewer & PendingAuthor) | null;
  ref?: Ref<MessageListHandle>;
  /** Told whether the newest message is in view (a conversation marks itself read with it). */
  onAtLatestChange?(atLatest: boolean): void;
}

interface ListContext {
  rows: readonly ListRow[];
  firstItemIndex: number;
  hasOlder: boolean;
  loadingOlder: boolean;
  loadingNewer: boolean;
  viewer: (Viewer & PendingAuthor) | null;
  editingId: number | null;
  tabStopKey: string | null;
  connected: boolean;
  /** The message a jump from a reply landed on, highlighted for a moment. */
  highlightId: number | null;
  /** Told the element holding the rows, whose size changes while they settle. */
  contentRef: RefCallback<HTMLElement>;
}

const components: Components<ListRow, ListContext> = {
  Header: ({ context }) =>
    context.loadingOlder ? <p className={styles.edge}>Loading older messages...</p> : <div className={styles.gap} />,
  Footer: ({ context }) =>
    context.loadingNewer ? <p className={styles.edge}>Loading newer messages...</p> : <div className={styles.gap} />,
  // Virtuoso's own list element, also handed to the list so it can watch the rows' height.
  List: function RowList({ context, ref, ...props }) {
    const { contentRef } = context;
    const setRef = useCallback(
      (element: HTMLDivElement | null) => {
        if (typeof ref === 'function') ref(element);
        else if (ref) ref.current = element;
        contentRef(element);
      },
      [ref, contentRef],
    );
    return <div {...props} ref={setRef} />;
  },
};

/** The channel history as a virtualised list that stays anchored while pages load at either end. */
export function MessageList({ store, state, viewer, ref, onAtLatestChange }: MessageListProps) {
  const { outbox } = useServices();
  const offline = useOffline();
  const connected = useLiveState() === 'open';
  const virtuoso = useRef<VirtuosoHandle>(null);
  const container = useRef<HTMLDivElement>(null);
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
  // Until the reader scrolls away, the list keeps to its bottom whenever its rows change height.
  const { stuck, stick, scrollerRef, contentRef } = useStickToBottom(() => !hasNewerRef.current);

  const scrollToBottom = useCallback(() => virtuoso.current?.scrollToIndex({ index: 'LAST', align: 'end' }), []);

  // Each fresh window (channel opened, resync, jump) starts at the bottom and keeps to it while its
  // rows settle (useStickToBottom); the spec's repeated scroll is kept on top of that, and automatic
  // paging waits so the first scroll cannot trigger it. A window opened on a reply's original waits
  // for the reader's own scrolling instead: a short window fits the screen, touches both edges, and
  // pages loaded on their own would push the message just jumped to out of it.
  const { status, generation, jumpTarget } = state;
  useEffect(() => {
    if (status !== 'ready') return;
    setAutoLoad(false);
    stick();
    const started = Date.now();
    const timers = SCROLL_REPEATS_MS.map((ms) =>
      setTimeout(() => {
        if (stuck.current && Date.now() - started <= SCROLL_REPEAT_LIMIT_MS) scrollToBottom();
      }, ms),
    );
    const list = container.current;
    const readerScrolls = () => setAutoLoad(true);
    if (jumpTarget === null || !list) timers.push(setTimeout(readerScrolls, AUTO_LOAD_PAUSE_MS));
    else for (const type of READER_SCROLL_EVENTS) list.addEventListener(type, readerScrolls, { passive: true });
    return () => {
      timers.forEach(clearTimeout);
      for (const type of READER_SCROLL_EVENTS) list?.removeEventListener(type, readerScrolls);
    };
  }, [status, generation, jumpTarget, scrollToBottom, stick, stuck]);

  const { hasNewer, firstItemIndex } = state;
  useEdgePaging(store, state, { atTop, atBottom, enabled: autoLoad });
  useMarkReadAtBottom(store.channelId, atBottom && !hasNewer, state.messages);
  const atLatest = atBottom && !hasNewer;
  useEffect(() => onAtLatestChange?.(atLatest), [onAtLatestChange, atLatest]);

  const pending = usePendingMessages(store.channelId);
  const rows = useMemo(() => listRows(state.messages, pending, !hasNewer), [state.messages, pending, hasNewer]);
  // A send whose event never reached this tab is still sent once the history holds it.
  useEffect(() => outbox.settle(state.messages), [outbox, state.messages]);
  const focus = useRovingFocus(rows, firstItemIndex, container, virtuoso);
  // After the effects above: a window loaded around a reply's original opens on it, not at the bottom.
  const jump = useReplyJump(store, state, rows, virtuoso, stuck);
  // The pins panel in the header and search results ask for jumps too, once this place has its first page.
  useJumpRequests(store.channelId, status === 'ready', jump.jumpTo);

  const latestLiveId = state.latestLive?.id;
  useEffect(() => {
    if (latestLiveId === undefined) return;
    if ((atBottomRef.current || stuck.current) && !hasNewerRef.current) scrollToBottom();
    else setUnseen(true);
  }, [latestLiveId, scrollToBottom, stuck]);
  useEffect(() => {
    if (atBottom && !hasNewer) setUnseen(false);
  }, [atBottom, hasNewer]);

  const scrollToLatest = useCallback(() => {
    setUnseen(false);
    stick();
    if (store.getSnapshot().hasNewer) void store.loadNewest();
    else scrollToBottom();
  }, [store, scrollToBottom, stick]);
  useImperativeHandle(ref, () => ({ scrollToLatest }), [scrollToLatest]);

  // Closing the inline editor hands focus back to its message, so the keyboard user stays in place;
  // or to the composer, when the edit was started from there (ArrowUp).
  const { focusKey } = focus;
  const editing = useRef<number | null>(null);
  const editedFrom = useRef<HTMLElement | null>(null);
  const onEdit = useCallback(
    (id: number | null) => {
      const closed = editing.current;
      const from = editedFrom.current;
      editing.current = id;
      editedFrom.current = null;
      setEditingId(id);
      if (id !== null || closed === null) return;
      requestAnimationFrame(() => {
        const active = document.activeElement;
        if (active !== document.body && !container.current?.contains(active)) return;
        if (from?.isConnected) from.focus();
        else focusKey(`m${closed}`);
      });
    },
    [focusKey],
  );
  useEditLastRequests(store.channelId, state.messages, viewer, (message, from) => {
    onEdit(message.id);
    editedFrom.current = from;
    // The editor takes focus once its row is drawn: bring the row in if it is not.
    const index = rows.findIndex((row) => row.key === `m${message.id}`);
    if (index >= 0) virtuoso.current?.scrollIntoView({ index });
  });

  const onSave = useCallback(
    async (message: Message, content: string) => {
      if (await actions.save(message, content)) onEdit(null);
    },
    [actions, onEdit],
  );

  const retry = useCallback((nonce: string) => outbox.retry(nonce), [outbox]);
  const discard = useCallback((nonce: string) => outbox.discard(nonce), [outbox]);

  const context = useMemo<ListContext>(
    () => ({
      rows,
      firstItemIndex,
      hasOlder: state.hasOlder,
      loadingOlder: state.loadingOlder,
      loadingNewer: state.loadingNewer,
      viewer,
      editingId,
      tabStopKey: focus.tabStopKey,
      connected,
      highlightId: jump.highlightId,
      contentRef,
    }),
    [
      rows,
      firstItemIndex,
      state.hasOlder,
      state.loadingOlder,
      state.loadingNewer,
      viewer,
      editingId,
      focus.tabStopKey,
      connected,
      jump.highlightId,
      contentRef,
    ],
  );

  const itemContent = useCallback(
    (index: number, row: ListRow, ctx: ListContext) => {
      const { dayLabel, grouped } = rowPlace(
        ctx.rows,
        index - ctx.firstItemIndex,
        ctx.hasOlder,
        ctx.viewer?.id ?? null,
      );
      const tabStop = ctx.tabStopKey === row.key;
      if (row.kind === 'pending') {
        return (
          <PendingMessageItem
            pending={row.pending}
            author={ctx.viewer}
            dayLabel={dayLabel}
            grouped={grouped}
            rowKey={row.key}
            tabStop={tabStop}
            connected={ctx.connected}
            onRetry={retry}
            onDiscard={discard}
          />
        );
      }
      return (
        <MessageItem
          message={row.message}
          dayLabel={dayLabel}
          grouped={grouped}
          rowKey={row.key}
          tabStop={tabStop}
          viewer={ctx.viewer}
          editing={ctx.editingId === row.message.id}
          onEdit={onEdit}
          onSave={onSave}
          onDelete={actions.remove}
          highlighted={ctx.highlightId === row.message.id}
        />
      );
    },
    [onEdit, onSave, actions.remove, retry, discard],
  );

  if (status === 'loading') {
    return (
      <div className={styles.center}>
        <Spinner size={24} label="Loading messages" />
      </div>
    );
  }
  if (rows.length === 0) {
    // Never loaded (offline, with nothing saved from before): the channel is not known to be empty.
    return (
      <div className={styles.center}>
        <p>
          {offline && generation === 0
            ? "You're offline. Messages will load when your connection is back."
            : 'No messages yet. Start the conversation!'}
        </p>
      </div>
    );
  }

  return (
    <ReplyJumpContext.Provider value={jump.jumpTo}>
      <div
        ref={container}
        className={styles.list}
        onKeyDown={focus.onKeyDown}
        onFocus={focus.onFocus}
        onBlur={focus.onBlur}
      >
        <Virtuoso
          key={generation}
          ref={virtuoso}
          scrollerRef={scrollerRef}
          className={styles.scroller}
          role="region"
          aria-label="Messages"
          // The messages hold the list's one tab stop; the scroller itself is not another.
          tabIndex={-1}
          data={rows}
          context={context}
          firstItemIndex={firstItemIndex}
          initialTopMostItemIndex={jump.initialLocation ?? { index: 'LAST', align: 'end' }}
          computeItemKey={(_, row) => row.key}
          rangeChanged={focus.onRangeChanged}
          itemContent={itemContent}
          components={components}
          alignToBottom
          followOutput={(isAtBottom) => ((isAtBottom || stuck.current) && !hasNewerRef.current ? 'auto' : false)}
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
    </ReplyJumpContext.Provider>
  );
}
