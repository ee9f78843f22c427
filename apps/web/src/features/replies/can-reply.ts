import type { KeyboardEvent } from 'react';
import type { Message } from '@hearth/protocol';
import { REPLY_KEY } from '@hearth/protocol/reply-rules';

/**
 * Whether the viewer may reply to a message, given whether they may write where it is (can_post in a
 * channel; any conversation they can open). Nobody replies to Guardian (spec 1), nor to a message an
 * admin removed, which has no text left to answer.
 */
export const canReplyTo = (message: Pick<Message, 'role'>, removed: boolean, mayWrite: boolean) =>
  mayWrite && !removed && message.role !== 'SYSTEM';

/** R on the focused message, without modifiers: the keyboard's Reply. */
export const isReplyKey = (event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) =>
  event.key.toLowerCase() === REPLY_KEY && !event.ctrlKey && !event.metaKey && !event.altKey;
