import type { Message, MessagePinUpdate } from '@hearth/protocol';

/** The live event of a pin or an unpin. */
export const PIN_UPDATE_EVENT = 'message_pin_update';

/**
 * A window's messages after a pin or unpin: the message's `pinned` follows the event. Message ids are
 * unique across channels and conversations, so the id alone finds it; the same list comes back when
 * the window does not hold the message or it already says so.
 */
export function applyPinUpdate(messages: readonly Message[], event: MessagePinUpdate): readonly Message[] {
  const index = messages.findIndex((m) => m.id === event.message_id);
  if (index < 0 || messages[index]!.pinned === event.pinned) return messages;
  return messages.map((m, i) => (i === index ? { ...m, pinned: event.pinned } : m));
}
