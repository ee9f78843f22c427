import type { Message, SelfUser } from '@hearth/protocol';
import { isAdminRole } from '../../app/session';
import { isRemovedByAdmin } from './merge-messages';

export type Viewer = Pick<SelfUser, 'id' | 'role' | 'is_admin'>;

export const isAdminViewer = (viewer: Viewer) => viewer.is_admin || isAdminRole(viewer.role);

/** The user id may arrive as a string (spec 1 §3). */
export const isOwnMessage = (message: Pick<Message, 'user_id'>, viewer: Viewer | null) =>
  viewer !== null && Number(message.user_id) === viewer.id;

/**
 * Spec 1 §5: edit for the author, delete for the author or an admin; neither once an admin removed it.
 * A direct message (negative conversation id) is the author's alone: admins never see others' conversations.
 */
export function messagePermissions(message: Message, viewer: Viewer | null) {
  if (!viewer || isRemovedByAdmin(message)) return { canEdit: false, canDelete: false };
  const own = isOwnMessage(message, viewer);
  return {
    canEdit: own && message.message_type !== 'system',
    canDelete: own || (isAdminViewer(viewer) && message.channel_id > 0),
  };
}
