import { finalBreachEnding, suspendedEnding, terminatedEnding } from './endings';
import type { SessionLifecycle } from './session-lifecycle';

/**
 * Raised by the admin panel (FINAL_BREACH_EVENT in features/admin/admin-errors.ts, a test checks they
 * agree) with `detail.message`, the server's text; named here so the admin panel's code stays in its
 * own chunk.
 */
export const FINAL_BREACH_EVENT = 'admin:final-breach';
/** Spec 3 §7's client window events that show these screens, besides the live events. */
export const SHOW_SUSPENSION_EVENT = 'showSuspensionScreen';
export const SHOW_TERMINATION_EVENT = 'showTerminationScreen';

const detailOf = (event: Event) => ((event as CustomEvent<unknown>).detail ?? {}) as Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Ends the session on the window events that ask for it: the admin panel's FINAL BREACH (a demote or
 * delete the server refused because it would remove the last admin; `detail.message` is the server's
 * text), and the suspension and termination screens. Returns the function that stops listening.
 */
export function listenForSessionEndEvents(lifecycle: SessionLifecycle, target: Window = window): () => void {
  const onFinalBreach = (event: Event) => {
    const message = text(detailOf(event).message);
    if (message) lifecycle.end(finalBreachEnding(message));
  };
  const onSuspension = (event: Event) => {
    const detail = detailOf(event);
    lifecycle.end(suspendedEnding({ reason: text(detail.reason), message: text(detail.message) }));
  };
  const onTermination = (event: Event) => lifecycle.end(terminatedEnding({ message: text(detailOf(event).message) }));
  const listeners: [string, (event: Event) => void][] = [
    [FINAL_BREACH_EVENT, onFinalBreach],
    [SHOW_SUSPENSION_EVENT, onSuspension],
    [SHOW_TERMINATION_EVENT, onTermination],
  ];
  for (const [type, listener] of listeners) target.addEventListener(type, listener);
  return () => {
    for (const [type, listener] of listeners) target.removeEventListener(type, listener);
  };
}
