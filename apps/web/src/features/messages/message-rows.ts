import type { Message } from '@hearth/protocol';
import type { PendingMessage } from '../../lib/outbox';
import { dayKey, formatDay } from './format-time';
import { continuesGroup, type Groupable } from './message-groups';

/** One row of the message list: a message of the history, or one of the user's own on its way. */
export type ListRow =
  { kind: 'message'; key: string; message: Message } | { kind: 'pending'; key: string; pending: PendingMessage };

/**
 * The window's messages, then the user's sends the window does not hold yet. Those belong after
 * the newest message, so they are shown only while the window reaches the newest end.
 */
export function listRows(
  messages: readonly Message[],
  pending: readonly PendingMessage[],
  atNewestEnd: boolean,
): ListRow[] {
  const rows: ListRow[] = messages.map((message) => ({ kind: 'message', key: `m${message.id}`, message }));
  if (!atNewestEnd || pending.length === 0) return rows;
  const held = new Set(messages.map((m) => m.nonce).filter(Boolean));
  for (const entry of pending) {
    if (!held.has(entry.nonce)) rows.push({ kind: 'pending', key: `p${entry.nonce}`, pending: entry });
  }
  return rows;
}

const groupable = (row: ListRow, viewerId: number | null): Groupable =>
  row.kind === 'message' ? row.message : { user_id: viewerId ?? -1, timestamp: row.pending.createdAt };

export interface RowPlace {
  /** Shown above the row when it starts a new day. */
  dayLabel: string | null;
  /** Continues the group of the row before it: no avatar and name of its own. */
  grouped: boolean;
}

/**
 * Where a row starts a day or a group. The first row of a window that does not reach the oldest
 * message has an unknown predecessor: it gets a header but no date separator (which might repeat
 * the one above it once older messages load).
 */
export function rowPlace(
  rows: readonly ListRow[],
  index: number,
  hasOlder: boolean,
  viewerId: number | null,
): RowPlace {
  const row = rows[index];
  if (!row) return { dayLabel: null, grouped: false };
  const current = groupable(row, viewerId);
  const before = rows[index - 1];
  if (!before) return { dayLabel: hasOlder ? null : formatDay(current.timestamp), grouped: false };
  const previous = groupable(before, viewerId);
  const newDay = dayKey(previous.timestamp) !== dayKey(current.timestamp);
  return {
    dayLabel: newDay ? formatDay(current.timestamp) : null,
    grouped: continuesGroup(previous, current),
  };
}
