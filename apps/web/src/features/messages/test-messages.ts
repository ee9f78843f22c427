import type { Message } from '@hearth/protocol';
import type { LiveSignal } from '../../lib/live';
import type { PageQuery } from './message-window';

const START = Date.parse('2025-03-01T12:00:00.000Z');

/** A message as the server sends it; the timestamp follows the id (one minute apart) unless given. */
export function makeMessage(id: number, fields: Partial<Message> = {}): Message {
  return {
    id,
    channel_id: 1,
    group_id: 1,
    user_id: 7,
    user_numeric_id: 7,
    username: 'alice',
    nickname: null,
    pronouns: null,
    pronouns_bg_color: null,
    pronouns_text_color: null,
    profile_image_url: null,
    profile_blur_enabled: false,
    role: 'USER',
    content: `message ${id}`,
    timestamp: new Date(START + id * 60_000).toISOString(),
    edited_at: null,
    message_type: 'text',
    attachments: [],
    attachment_ids: [],
    sensitive_attachment_ids: [],
    reactions: [],
    mentioned_users: [],
    mentions_everyone: false,
    muted_for_user: false,
    nonce: null,
    reply_to: null,
    pinned: false,
    embeds: [],
    ...fields,
  };
}

/** Answers history queries over messages 1..count the way the server does (ascending pages). */
export function fakeHistory(count: number, channelId = 1) {
  const all = Array.from({ length: count }, (_, i) => makeMessage(i + 1, { channel_id: channelId }));
  const queries: PageQuery[] = [];
  const fetchPage = async (q: PageQuery): Promise<Message[]> => {
    queries.push(q);
    if (q.after !== undefined) return all.filter((m) => m.id > q.after!).slice(0, q.limit);
    if (q.around !== undefined) {
      const upTo = Math.ceil(q.limit / 2);
      const before = all.filter((m) => m.id <= q.around!);
      const after = all.filter((m) => m.id > q.around!).slice(0, q.limit - upTo);
      return [...before.slice(Math.max(0, before.length - upTo)), ...after];
    }
    const before = all.filter((m) => q.before === undefined || m.id < q.before);
    return before.slice(Math.max(0, before.length - q.limit));
  };
  return { all, queries, fetchPage };
}

/** Stands in for LiveConnection.subscribe and lets a test push signals. */
export function fakeLive() {
  const listeners = new Set<(signal: LiveSignal) => void>();
  return {
    subscribe: (listener: (signal: LiveSignal) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (signal: LiveSignal) => listeners.forEach((l) => l(signal)),
    event: (type: string, data: unknown) =>
      listeners.forEach((l) => l({ kind: 'frame', frame: { type, seq: 1, data } })),
    get size() {
      return listeners.size;
    },
  };
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
