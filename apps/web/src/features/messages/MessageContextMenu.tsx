import { useState } from 'react';
import type { Message } from '@hearth/protocol';
import { useToast, type MenuItem } from '../../ui';
import { choosingFromMenu } from '../../ui/dialog-focus';
import { useMarkChannelUnread } from '../read-status/mutations';
import { AddReactionIcon, useCanReact } from '../reactions';
import { CopyIcon, EditIcon, HashIcon, MarkUnreadIcon, ProfileIcon, TrashIcon } from './icons';
import { openProfilePopup } from '../profiles/profile-popup';
import { isRemovedByAdmin } from './merge-messages';
import { messagePermissions, type Viewer } from './message-permissions';
import { canReplyTo, ReplyIcon, startReply } from '../replies';
import { canPin, PinIcon, usePinToggle } from '../pins';
import { PIN_TEXT } from '@hearth/protocol/pin-rules';

/** What the message menu does; the menu itself only decides which entries a message gets. */
export interface MessageMenuActions {
  edit(): void;
  delete(): void;
  copy(text: string, what: string): void;
  addReaction(): void;
  markUnread(): void;
  viewProfile(): void;
  /** Starts a reply to the message in the composer. */
  reply?(): void;
  /** Pins the message, or unpins it when it is pinned. */
  togglePin?(): void;
}

export interface MessageMenuState {
  /** The viewer may react here (spec: can view the channel). */
  canReact: boolean;
  /** The message is being edited: its menu stays closed. */
  editing: boolean;
  /** The viewer may reply to it (replies/can-reply.ts). */
  canReply?: boolean;
  /** The viewer may pin and unpin it (pins/can-pin.ts). */
  canPin?: boolean;
}

/**
 * The message menu's entries in the spec's order (spec 1 §2), with Reply after Edit and Pin or Unpin Message after
 * Reply: Edit, Reply, Pin Message, Delete, Copy
 * Text, Copy Message ID, Add Reaction, Mark Unread, then View Profile. Edit is the author's; Delete the author's or an admin's. A message
 * being edited offers nothing. A message an admin removed keeps what is not about its text (Copy Message ID, Mark
 * Unread, View Profile), as a moderator looking into it needs them; it has no text to copy, edit or react to.
 */
export function messageMenuItems(
  message: Message,
  viewer: Viewer | null,
  { canReact, editing, canReply = false, canPin: mayPin = false }: MessageMenuState,
  actions: MessageMenuActions,
): MenuItem[] {
  if (editing) return [];
  const removed = isRemovedByAdmin(message);
  const { canEdit, canDelete } = messagePermissions(message, viewer);
  const items: MenuItem[] = [];
  if (canEdit) items.push({ label: 'Edit', icon: <EditIcon />, onSelect: actions.edit });
  if (canReply && actions.reply) items.push({ label: 'Reply', icon: <ReplyIcon />, onSelect: actions.reply });
  if (mayPin && actions.togglePin)
    items.push({
      label: message.pinned ? PIN_TEXT.unpin : PIN_TEXT.pin,
      icon: <PinIcon />,
      onSelect: actions.togglePin,
    });
  if (canDelete) items.push({ label: 'Delete', icon: <TrashIcon />, danger: true, onSelect: actions.delete });
  if (message.content && !removed)
    items.push({ label: 'Copy Text', icon: <CopyIcon />, onSelect: () => actions.copy(message.content, 'Text') });
  items.push({
    label: 'Copy Message ID',
    icon: <HashIcon />,
    onSelect: () => actions.copy(String(message.id), 'Message ID'),
  });
  if (canReact && !removed)
    items.push({ label: 'Add Reaction', icon: <AddReactionIcon />, onSelect: actions.addReaction });
  // A direct message's read mark only moves forward (its conversation has no Mark Unread).
  if (message.channel_id > 0)
    items.push({ label: 'Mark Unread', icon: <MarkUnreadIcon />, onSelect: actions.markUnread });
  // The author's profile, for keyboard users too (the name and avatar are pointer targets).
  items.push({ label: 'View Profile', icon: <ProfileIcon />, onSelect: actions.viewProfile });
  return items;
}

/**
 * The one menu a message opens by right-click, by the Menu key or Shift+F10 when focused, and from its
 * actions button; Add Reaction opens the message's reaction picker (`pickerOpen`).
 */
export function useMessageMenu(
  message: Message,
  viewer: Viewer | null,
  { editing, onEdit, onDelete }: { editing: boolean; onEdit(id: number): void; onDelete(message: Message): void },
) {
  // A removed message has nothing left to react to, and a system line is nobody's words.
  const canReact = useCanReact(message) && !isRemovedByAdmin(message) && message.message_type !== 'system';
  const canReply = canReplyTo(message, isRemovedByAdmin(message), canReact);
  const [pickerOpen, setPickerOpen] = useState(false);
  const toast = useToast();
  const markUnread = useMarkChannelUnread().mutate;
  const togglePin = usePinToggle();
  const items = messageMenuItems(
    message,
    viewer,
    { canReact, editing, canReply, canPin: canPin(message, viewer) },
    {
      togglePin: () => void togglePin(message),
      edit: () => onEdit(message.id),
      reply: () => startReply(message),
      delete: () => onDelete(message),
      copy: (text, what) =>
        void navigator.clipboard.writeText(text).then(
          () => toast.success(`${what} copied`),
          () => toast.error('Copy Failed', 'The browser did not allow copying to the clipboard'),
        ),
      addReaction: () => setPickerOpen(true),
      markUnread: () => markUnread({ channelId: message.channel_id, messageId: message.id }),
      viewProfile: () => {
        // Beside the message or its actions button, which keep their place, not the menu item going away.
        const active = document.activeElement instanceof HTMLElement ? document.activeElement : document.body;
        const from = choosingFromMenu() ?? active;
        openProfilePopup({ id: Number(message.user_id), username: message.username }, from);
      },
    },
  );
  return { items, canReact, canReply, pickerOpen, setPickerOpen };
}
