import { createContext, useContext } from 'react';
import type { ReplyTo } from '@hearth/protocol';
import { REPLY_TEXT } from '@hearth/protocol/reply-rules';
import { Avatar, VisuallyHidden } from '../../ui';
import { AttachmentIcon, ReplyLineIcon } from './icons';
import styles from './ReplyPreview.module.css';

/** Jumps the message list to a message (replies/useReplyJump.ts); absent outside a list. */
export const ReplyJumpContext = createContext<((messageId: number) => void) | null>(null);

/** The message a jump landed on, for a moment (REPLY_JUMP_HIGHLIGHT_MS). */
export const jumpHighlightClass = styles.highlighted;

/** The first line of the original's text, as a one-line preview shows it. */
export const firstLine = (text: string) => text.split('\n', 1)[0] ?? '';

/**
 * The one line above a reply: the original's author and the start of its text (an icon when it has
 * attachments), which jumps to the original when clicked; or 'Original message was deleted'.
 */
export function ReplyPreview({ replyTo }: { replyTo: ReplyTo }) {
  const jump = useContext(ReplyJumpContext);
  if (replyTo.deleted || replyTo.username === null) {
    return (
      <div className={styles.preview}>
        <ReplyLineIcon size={14} className={styles.line} />
        <span className={styles.deleted}>{REPLY_TEXT.originalDeleted}</span>
      </div>
    );
  }
  const text = firstLine(replyTo.content);
  return (
    <button
      type="button"
      className={styles.preview}
      title={REPLY_TEXT.jumpLabel(replyTo.username)}
      // The message is one tab stop (roving focus); its parts are pointer targets, like the avatar.
      tabIndex={-1}
      onClick={() => jump?.(replyTo.id)}
    >
      <ReplyLineIcon size={14} className={styles.line} />
      <VisuallyHidden>Replying to </VisuallyHidden>
      <span className={styles.avatar} aria-hidden="true">
        <Avatar name={replyTo.username} size={16} />
      </span>
      <span className={styles.name}>{replyTo.username}</span>
      {text && <span className={styles.text}>{text}</span>}
      {replyTo.has_attachments && (
        <span className={styles.attachment} role="img" aria-label={REPLY_TEXT.attachment}>
          <AttachmentIcon size={14} />
        </span>
      )}
    </button>
  );
}
