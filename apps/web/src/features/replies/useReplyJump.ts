import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { IndexLocationWithAlign, VirtuosoHandle } from 'react-virtuoso';
import { REPLY_JUMP_HIGHLIGHT_MS, REPLY_TEXT } from '@hearth/protocol/reply-rules';
import { useToast } from '../../ui';
import type { MessageWindow, MessageWindowState } from '../messages/message-window';

interface Row {
  key: string;
}

/** Rows settle (measured, pictures loading) after a jump: it is centred again at these times. */
const RECENTRE_MS = [100, 300];

const rowKey = (messageId: number) => `m${messageId}`;

export interface ReplyJump {
  /** Shows a message: centred and highlighted, after loading the window around it if it is not in it. */
  jumpTo(messageId: number): void;
  /** The message highlighted after a jump, for REPLY_JUMP_HIGHLIGHT_MS. */
  highlightId: number | null;
  /** Where a window loaded around a message starts: that message, centred (else the list's default). */
  initialLocation: IndexLocationWithAlign | null;
}

/**
 * The jump from a reply to its original in a message list. A message in the window is scrolled to
 * the centre; any other is loaded first (MessageWindow.loadAround), and the new window opens on it
 * instead of at the newest end. The list stops keeping to its bottom (`stuck`), as when the reader
 * scrolls away. Call it after the list's own effects, so its scroll comes last.
 */
export function useReplyJump(
  store: MessageWindow,
  state: MessageWindowState,
  rows: readonly Row[],
  virtuoso: RefObject<VirtuosoHandle | null>,
  stuck: RefObject<boolean>,
): ReplyJump {
  const toast = useToast();
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const show = useCallback(
    (messageId: number) => {
      const index = rowsRef.current.findIndex((row) => row.key === rowKey(messageId));
      if (index < 0) return;
      stuck.current = false;
      timers.current.forEach(clearTimeout);
      const centre = () => {
        const at = rowsRef.current.findIndex((row) => row.key === rowKey(messageId));
        if (at >= 0) virtuoso.current?.scrollToIndex({ index: at, align: 'center' });
      };
      centre();
      setHighlightId(messageId);
      timers.current = [
        ...RECENTRE_MS.map((ms) => setTimeout(centre, ms)),
        setTimeout(() => setHighlightId(null), REPLY_JUMP_HIGHLIGHT_MS),
      ];
    },
    [stuck, virtuoso],
  );
  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const jumpTo = useCallback(
    (messageId: number) => {
      if (rowsRef.current.some((row) => row.key === rowKey(messageId))) {
        show(messageId);
        return;
      }
      void store.loadAround(messageId).then((result) => {
        if (result === 'missing') toast.error(REPLY_TEXT.originalDeleted);
        else if (result === 'failed') toast.error(REPLY_TEXT.jumpFailed);
      });
    },
    [store, show, toast],
  );

  // A window loaded around a message: once it is drawn, the message is centred and highlighted.
  const { jumpTarget, generation } = state;
  useEffect(() => {
    if (jumpTarget !== null) show(jumpTarget);
  }, [jumpTarget, generation, show]);

  const initialIndex = jumpTarget === null ? -1 : rows.findIndex((row) => row.key === rowKey(jumpTarget));
  return {
    jumpTo,
    highlightId,
    initialLocation: initialIndex < 0 ? null : { index: initialIndex, align: 'center' },
  };
}
