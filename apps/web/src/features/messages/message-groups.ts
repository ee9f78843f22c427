import { dayKey } from './format-time';

/**
 * Like Discord: a message sent within 7 minutes of the one before it, by the same author and on
 * the same day, continues that message's group and is shown without a header of its own.
 */
export const GROUP_GAP_MS = 7 * 60_000;

/** What grouping looks at: who wrote it and when. The user id may arrive as a string (spec 1 §3). */
export interface Groupable {
  user_id: number | string;
  timestamp: string;
  /** A reply always starts a group: its preview sits above its author's name. */
  reply_to?: unknown;
  /** A system line (a pin's) is in no group, and the message after it starts one. */
  message_type?: string;
}

export function continuesGroup(previous: Groupable | undefined, message: Groupable): boolean {
  if (!previous || Number(previous.user_id) !== Number(message.user_id)) return false;
  if (message.reply_to) return false;
  if (previous.message_type === 'system' || message.message_type === 'system') return false;
  // A date separator always starts a new group.
  if (dayKey(previous.timestamp) !== dayKey(message.timestamp)) return false;
  const gap = Date.parse(message.timestamp) - Date.parse(previous.timestamp);
  return gap >= 0 && gap < GROUP_GAP_MS;
}
