/**
 * Pins: the texts and numbers shared by the server and the client (no zod here, so the client may
 * import it).
 */

/** A channel or a direct conversation holds at most this many pinned messages. */
export const PINS_PER_CONVERSATION_MAX = 50;

export const PIN_TEXT = {
  channelFull: `This channel has reached the maximum of ${PINS_PER_CONVERSATION_MAX} pinned messages`,
  conversationFull: `This conversation has reached the maximum of ${PINS_PER_CONVERSATION_MAX} pinned messages`,
  adminsOnly: 'Only admins can pin or unpin messages in this channel',
  systemMessage: 'System messages cannot be pinned',
  /** A pin's system line is its author's message, but not text they wrote. */
  systemEdit: 'System messages cannot be edited',
  pin: 'Pin Message',
  unpin: 'Unpin Message',
  pinFailed: 'Failed to pin message',
  unpinFailed: 'Failed to unpin message',
  panelTitle: 'Pinned messages',
  emptyChannel: "This channel doesn't have any pinned messages yet.",
  emptyConversation: "This conversation doesn't have any pinned messages yet.",
  loading: 'Loading pinned messages...',
  loadFailed: 'Failed to load pinned messages',
  jump: 'Jump',
  jumpLabel: (name: string) => `Jump to the message from ${name}`,
  unpinLabel: (name: string) => `Unpin the message from ${name}`,
  attachment: 'Attachment',
} as const;

/** The parts of the system line a pin leaves, after the pinner's name; the client links 'a message'. */
export const PIN_LINE = {
  pinned: 'pinned',
  aMessage: 'a message',
  to: { channel: 'to this channel', conversation: 'to this conversation' },
} as const;

/** The system line as stored: 'X pinned a message to this channel' (or 'to this conversation'). */
export const pinLine = (name: string, place: keyof typeof PIN_LINE.to) =>
  `${name} ${PIN_LINE.pinned} ${PIN_LINE.aMessage} ${PIN_LINE.to[place]}`;
