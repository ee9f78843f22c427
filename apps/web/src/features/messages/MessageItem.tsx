import { memo, useState, type KeyboardEvent } from 'react';
import type { Message } from '@hearth/protocol';
import { Avatar, ContextMenu } from '../../ui';
import { cx } from '../../ui/cx';
import { AddReactionButton, ReactionBar } from '../reactions';
import { MessageContent, mentionedClass, useMentionsMe } from '../rendering';
import { MessageEmbeds } from '../link-previews';
import { MessageAttachments } from '../attachments';
import { textDirection } from '../../lib/text-direction';
import { DateSeparator } from './DateSeparator';
import { formatFull } from './format-time';
import { MessageActionsButton } from './MessageActionsButton';
import { isRemovedByAdmin } from './merge-messages';
import { GutterTime, MessageHeader } from './MessageHeader';
import { openProfilePopup } from '../profiles/profile-popup';
import { MessageEditor } from './MessageEditor';
import type { Viewer } from './message-permissions';
import { useMessageMenu } from './MessageContextMenu';
import { isReplyKey, jumpHighlightClass, ReplyButton, ReplyPreview, startReply } from '../replies';
import { PinLine } from '../pins';
import styles from './MessageItem.module.css';

export interface MessageItemProps {
  message: Message;
  /** Shown above the message when it starts a new day. */
  dayLabel: string | null;
  /** Continues the group of the message before it: no avatar or name; the time shows in the gutter on hover. */
  grouped?: boolean;
  /** Marks the element the message list moves focus between. */
  rowKey: string;
  /** The message list's one tab stop; the other messages are reached with the arrow keys. */
  tabStop?: boolean;
  viewer: Viewer | null;
  editing: boolean;
  onEdit(id: number | null): void;
  onSave(message: Message, content: string): Promise<void>;
  onDelete(message: Message): void;
  /** Just jumped to from a reply: highlighted for a moment. */
  highlighted?: boolean;
}

/** The author's mini profile, opened from their avatar or name (spec 1 §2). */
const openAuthor = (message: Message) => (from: HTMLElement) =>
  openProfilePopup({ id: Number(message.user_id), username: message.username }, from);

export const MessageItem = memo(function MessageItem({
  message,
  dayLabel,
  grouped = false,
  rowKey,
  tabStop = false,
  viewer,
  editing,
  onEdit,
  onSave,
  onDelete,
  highlighted = false,
}: MessageItemProps) {
  const name = message.nickname || message.username;
  const {
    items: menuItems,
    canReact,
    canReply,
    pickerOpen,
    setPickerOpen,
  } = useMessageMenu(message, viewer, { editing, onEdit, onDelete });
  const mentioned = useMentionsMe(message);
  const [menuOpen, setMenuOpen] = useState(false);

  // Enter, the Menu key or Shift+F10 on the focused message opens its actions, as a right-click does.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || menuItems.length === 0) return;
    if (canReply && isReplyKey(event)) {
      event.preventDefault();
      startReply(message);
      return;
    }
    if (event.key === 'Enter' || event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      setMenuOpen(true);
    }
  };

  // A pin's line, unless an admin removed it: then it shows the notice like any removed message.
  if (message.message_type === 'system' && !isRemovedByAdmin(message)) {
    const line = { message, dayLabel, rowKey, tabStop, highlighted, menuItems };
    return <PinLine {...line} />;
  }
  return (
    <div className={styles.item}>
      {dayLabel && <DateSeparator label={dayLabel} />}
      <ContextMenu items={menuItems} label="Message actions">
        <article
          className={cx(
            styles.message,
            grouped && styles.grouped,
            editing && styles.editing,
            mentioned && mentionedClass,
            highlighted && jumpHighlightClass,
          )}
          aria-label={`${name}, ${formatFull(message.timestamp)}`}
          data-row-key={rowKey}
          data-highlighted={highlighted || undefined}
          data-dir={textDirection(message.content)}
          tabIndex={tabStop ? 0 : -1}
          onKeyDown={onKeyDown}
        >
          {grouped ? (
            <GutterTime timestamp={message.timestamp} />
          ) : (
            <button
              type="button"
              className={styles.avatarButton}
              aria-label={`Profile of ${name}`}
              // The message is one tab stop (roving focus); its parts are reached by pointer or its menu.
              tabIndex={-1}
              onClick={(event) => openAuthor(message)(event.currentTarget)}
            >
              {/* The server leaves out a picture the author's profile blur hides from this viewer. */}
              <Avatar name={name} src={message.profile_image_url} size={40} className={styles.avatar} />
            </button>
          )}
          <div className={styles.body}>
            {message.reply_to && <ReplyPreview replyTo={message.reply_to} />}
            {!grouped && (
              <MessageHeader
                name={name}
                role={message.role}
                timestamp={message.timestamp}
                onOpenProfile={openAuthor(message)}
              />
            )}
            {editing ? (
              <MessageEditor
                initial={message.content}
                onSave={(content) => onSave(message, content)}
                onCancel={() => onEdit(null)}
              />
            ) : (
              (message.content || message.edited_at) && (
                <MessageContent
                  text={message.content}
                  authorId={message.user_id}
                  everyonePings={message.mentions_everyone}
                  className={cx(styles.content, isRemovedByAdmin(message) && styles.removed)}
                  after={
                    message.edited_at && (
                      <span className={styles.edited} title={formatFull(message.edited_at)}>
                        {' '}
                        (edited)
                      </span>
                    )
                  }
                />
              )
            )}
            {!editing && <MessageEmbeds message={message} />}
            <MessageAttachments attachments={message.attachments} />
            <ReactionBar message={message} />
          </div>
          {menuItems.length > 0 && (
            <div className={styles.actions}>
              {canReply && <ReplyButton message={message} />}
              {canReact && <AddReactionButton message={message} open={pickerOpen} onOpenChange={setPickerOpen} />}
              <MessageActionsButton items={menuItems} open={menuOpen} onOpenChange={setMenuOpen} />
            </div>
          )}
        </article>
      </ContextMenu>
    </div>
  );
});
