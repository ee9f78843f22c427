import type { AppContext } from '../context.js';
import type { LoggedEvent } from '../events/event-log.js';

/**
 * Counts one event's hand-out for /metrics and, at debug level, logs it with the id of the request
 * that published it (on whichever node). Once per event, never per recipient: the count of sessions
 * is one addition, and nothing here names who received it.
 */
export function recordDelivery(ctx: AppContext, event: LoggedEvent, sent: number): void {
  if (sent > 0) ctx.metrics.eventsDelivered.inc(sent);
  if (event.at !== undefined) ctx.metrics.deliveryLag.observe(Math.max(0, Date.now() - event.at) / 1000);
  if (ctx.log.isLevelEnabled('debug'))
    ctx.log.debug({ reqId: event.reqId, seq: event.seq, event: event.type, sessions: sent }, 'event delivered');
}
