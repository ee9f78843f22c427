/** Who may receive an event. Group events go to users who can view the group. */
export type Audience =
  /** Everyone who can view the group, but the users in `except` (sent their own version of the event). */
  | { kind: 'group'; groupId: number; except?: number[] }
  | { kind: 'users'; userIds: number[] }
  /** These users, while they can view the group (a mention: never to someone who cannot see it). */
  | { kind: 'group_users'; groupId: number; userIds: number[] }
  /** The sessions of one signed-in device. */
  | { kind: 'device'; deviceId: number }
  | { kind: 'all' }
  /** Everyone but these users (who got their own version of the event, e.g. a picture only friends see). */
  | { kind: 'all_except'; userIds: number[] }
  /** Whoever can view at least one of these groups (a batch of presence changes). */
  | { kind: 'groups_any'; groupIds: number[] };

export interface LoggedEvent {
  /** Position in the instance-wide order; every session sees increasing seqs. */
  seq: number;
  type: string;
  audience: Audience;
  /** The event's data as JSON. */
  data: string;
  /** The whole frame as sent to clients, serialised once for all recipients. */
  frame: string;
  /** The id of the request or live frame that published it, for the log of each node delivering it. */
  reqId?: string;
  /** When it was published (ms since the epoch), for the delivery lag in /metrics. */
  at?: number;
}

/**
 * The event bus of the instance: an ordered log of live events. Every node sees every event in
 * the same order and can read back recent events to replay them to a resuming client.
 */
export interface EventLog {
  /**
   * Appends an event; resolves with its seq, or with 0 when the shared log cannot be reached (Redis
   * down). Such an event is delivered to nobody: what it announced is stored already, and the log
   * then records a gap (`LOG_GAP`) as soon as it answers again, after which every session starts
   * afresh and its client reloads. So a publish never fails the request that made the change.
   */
  publish(type: string, data: unknown, audience: Audience): Promise<number>;
  /** False while the shared log cannot be reached: what is published meanwhile reaches nobody live. */
  reachable(): boolean;
  /** Called for each event in seq order, on every node. */
  subscribe(listener: (event: LoggedEvent) => void): void;
  /** The events after `seq` that this node has already dispatched, or null when some are no longer kept. */
  readAfter(seq: number): Promise<LoggedEvent[] | null>;
  /** The seq of the last event this node dispatched. */
  head(): number;
  /**
   * Called when this node's sessions cannot be served from the log any more (Redis only): it lost its
   * data and the numbering restarted, or this node was away until what it missed was trimmed.
   */
  onReset?(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * Internal event (no recipients) marking that events may be missing before it: this node could not
 * publish some (Redis did not answer), or the log restarted. Every session that was live before it
 * starts afresh, and a resume from before it is refused, so clients reload from the database.
 */
export const LOG_GAP = 'log_gap';

export function buildFrame(type: string, seq: number, data: string): string {
  return `{"type":${JSON.stringify(type)},"seq":${seq},"data":${data}}`;
}

/** Keep at least this many events (so every session can replay at least 1,000) or 5 minutes of them. */
export const LOG_MIN_EVENTS = 20_000;
export const LOG_MAX_EVENTS = 200_000;
