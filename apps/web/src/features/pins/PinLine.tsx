import { useContext, useState, type KeyboardEvent } from 'react';
import type { Message } from '@hearth/protocol';
import { PIN_LINE } from '@hearth/protocol/pin-rules';
import { isConversationId } from '@hearth/protocol/conversation-id';
import { ContextMenu, type MenuItem } from '../../ui';
import { cx } from '../../ui/cx';
import { DateSeparator } from '../messages/DateSeparator';
import { formatFull, formatTime } from '../messages/format-time';
import { MessageActionsButton } from '../messages/MessageActionsButton';
import { jumpHighlightClass, ReplyJumpContext } from '../replies';
import { PinIcon } from './icons';
import styles from './PinLine.module.css';

export interface PinLineProps {
  /** The system line: its author pinned the message it replies to. */
  message: Message;
  dayLabel: string | null;
  rowKey: string;
  tabStop: boolean;
  highlighted: boolean;
  /** The message menu's entries for it (Delete, Copy Message ID, ...). */
  menuItems: readonly MenuItem[];
}

/**
 * The small line a pin leaves in the conversation: 'alice pinned a message to this channel', where
 * 'a message' jumps to the pinned one (as a reply's preview does), or plain text once it is deleted.
 * It is a row of the list like a message: focusable, with the message menu on right-click, on its
 * actions button, or on the Menu key or Shift+F10; Enter jumps.
 */
export function PinLine({ message, dayLabel, rowKey, tabStop, highlighted, menuItems }: PinLineProps) {
  const jump = useContext(ReplyJumpContext);
  const [menuOpen, setMenuOpen] = useState(false);
  const name = message.nickname || message.username;
  const target = message.reply_to && !message.reply_to.deleted ? message.reply_to.id : null;
  const place = isConversationId(message.channel_id) ? 'conversation' : 'channel';

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' && target !== null) {
      event.preventDefault();
      jump?.(target);
    } else if (menuItems.length > 0 && (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey))) {
      event.preventDefault();
      setMenuOpen(true);
    }
  };

  return (
    <div className={styles.item}>
      {dayLabel && <DateSeparator label={dayLabel} />}
      <ContextMenu items={menuItems} label="Message actions">
        <article
          className={cx(styles.line, highlighted && jumpHighlightClass)}
          aria-label={`${name} ${PIN_LINE.pinned} ${PIN_LINE.aMessage}, ${formatFull(message.timestamp)}`}
          data-row-key={rowKey}
          data-highlighted={highlighted || undefined}
          tabIndex={tabStop ? 0 : -1}
          onKeyDown={onKeyDown}
        >
          <PinIcon size={16} className={styles.icon} />
          <p className={styles.text}>
            <bdi className={styles.name}>{name}</bdi> {PIN_LINE.pinned}{' '}
            {target === null ? (
              PIN_LINE.aMessage
            ) : (
              // The row is the list's one tab stop (roving focus); Enter on it does what this does.
              <button type="button" className={styles.link} tabIndex={-1} onClick={() => jump?.(target)}>
                {PIN_LINE.aMessage}
              </button>
            )}{' '}
            {PIN_LINE.to[place]}
            <time className={styles.time} dateTime={message.timestamp} title={formatFull(message.timestamp)}>
              {formatTime(message.timestamp)}
            </time>
          </p>
          {menuItems.length > 0 && (
            <div className={styles.actions}>
              <MessageActionsButton items={menuItems} open={menuOpen} onOpenChange={setMenuOpen} />
            </div>
          )}
        </article>
      </ContextMenu>
    </div>
  );
}
