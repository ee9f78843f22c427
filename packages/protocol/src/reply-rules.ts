/**
 * Replies: the texts and numbers shared by the server and the client (no zod here, so the client
 * may import it).
 */

/** A reply carries the first this many characters of the message it answers. */
export const REPLY_PREVIEW_LENGTH = 100;

/** How long a message the reader jumped to stays highlighted, in milliseconds. */
export const REPLY_JUMP_HIGHLIGHT_MS = 2000;

/** The key that starts a reply to the focused message of the list. */
export const REPLY_KEY = 'r';

export const REPLY_TEXT = {
  /** The original is in another conversation, or is one the sender cannot see, or does not exist. */
  cannotReply: 'You cannot reply to that message',
  aroundWithBeforeAfter: 'Use around alone, not with before or after',
  action: 'Reply',
  replyingTo: (name: string) => `Replying to ${name}`,
  cancel: 'Cancel reply',
  mentionOn: '@ On',
  mentionOff: '@ Off',
  mentionLabel: (name: string) => `Mention ${name}`,
  originalDeleted: 'Original message was deleted',
  attachment: 'Attachment',
  jumpLabel: (name: string) => `Jump to the message from ${name} this replies to`,
  jumpFailed: 'Failed to load the original message',
} as const;
