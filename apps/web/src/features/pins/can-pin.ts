import type { Message } from '@hearth/protocol';
import { isConversationId } from '@hearth/protocol/conversation-id';
import { isRemovedByAdmin } from '../messages/merge-messages';
import { isAdminViewer, type Viewer } from '../messages/message-permissions';

/**
 * Whether the viewer may pin or unpin the message: an admin in a channel (as for removing others'
 * messages), either participant in a direct message. Never a system line, nor a message an admin removed.
 */
export function canPin(message: Message, viewer: Viewer | null): boolean {
  if (!viewer || message.message_type === 'system' || isRemovedByAdmin(message)) return false;
  return isConversationId(message.channel_id) || isAdminViewer(viewer);
}

/** Whether the viewer may unpin the pins of a place: the same rule, for the pins panel. */
export const canManagePins = (placeIsChannel: boolean, viewer: Viewer | null) =>
  viewer !== null && (!placeIsChannel || isAdminViewer(viewer));
