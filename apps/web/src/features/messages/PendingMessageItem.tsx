import { memo } from 'react';
import type { SelfUser } from '@hearth/protocol';
import { safeFileName } from '@hearth/protocol/file-names';
import type { PendingMessage } from '../../lib/outbox';
import { textDirection } from '../../lib/text-direction';
import { Avatar } from '../../ui';
import { cx } from '../../ui/cx';
import { DateSeparator } from './DateSeparator';
import { GutterTime, MessageHeader } from './MessageHeader';
import styles from './MessageItem.module.css';
import own from './PendingMessageItem.module.css';

export type PendingAuthor = Pick<SelfUser, 'username' | 'nickname' | 'role' | 'profile_image_url'>;

export interface PendingMessageItemProps {
  pending: PendingMessage;
  author: PendingAuthor | null;
  dayLabel: string | null;
  grouped: boolean;
  rowKey: string;
  tabStop: boolean;
  /** Retry needs an open connection, like Send. */
  connected: boolean;
  onRetry(nonce: string): void;
  onDiscard(nonce: string): void;
}

/**
 * One of the user's own messages the server has not confirmed: 'Sending…', or 'Not sent' with the
 * reason, Retry and Discard. Its buttons stay ordinary tab stops: a failed message needs attention.
 */
export const PendingMessageItem = memo(function PendingMessageItem({
  pending,
  author,
  dayLabel,
  grouped,
  rowKey,
  tabStop,
  connected,
  onRetry,
  onDiscard,
}: PendingMessageItemProps) {
  const name = author ? author.nickname || author.username : '';
  const failed = pending.status === 'failed';
  return (
    <div className={styles.item}>
      {dayLabel && <DateSeparator label={dayLabel} />}
      <article
        className={cx(styles.message, grouped && styles.grouped, own.pending)}
        aria-label={`${name}, ${failed ? 'not sent' : 'sending'}`}
        data-row-key={rowKey}
        tabIndex={tabStop ? 0 : -1}
      >
        {grouped ? (
          <GutterTime timestamp={pending.createdAt} />
        ) : (
          <Avatar name={name} src={author?.profile_image_url} size={40} className={styles.avatar} />
        )}
        <div className={styles.body}>
          {!grouped && author && <MessageHeader name={name} role={author.role} timestamp={pending.createdAt} />}
          {pending.content && (
            <p className={cx(styles.content, failed ? own.failed : own.sending)} dir={textDirection(pending.content)}>
              <bdi dir="auto">{pending.content}</bdi>
            </p>
          )}
          {pending.attachments.length > 0 && (
            <p className={cx(styles.content, failed ? own.failed : own.sending)}>
              {pending.attachments.map((a) => safeFileName(a.original_filename)).join(', ')}
            </p>
          )}
          <p className={own.status}>
            {failed ? (
              <>
                <span className={own.error}>Not sent. {pending.error}</span>
                <button
                  type="button"
                  className={own.action}
                  disabled={!connected}
                  onClick={() => onRetry(pending.nonce)}
                >
                  Retry
                </button>
                <button type="button" className={own.action} onClick={() => onDiscard(pending.nonce)}>
                  Discard
                </button>
              </>
            ) : (
              'Sending…'
            )}
          </p>
        </div>
      </article>
    </div>
  );
});
