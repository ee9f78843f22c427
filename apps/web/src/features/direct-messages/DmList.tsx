import { useMemo, useState } from 'react';
import type { Conversation, PublicUser } from '@hearth/protocol';
import { useSession } from '../../app/session';
import { ApiError } from '../../lib/http';
import { Button, Spinner, useToast } from '../../ui';
import { PresenceAvatar } from '../presence';
import { displayName } from '../friends';
import { RoleBadge } from '../../ui/RoleBadge';
import { useConversations, useDmUnreadTotal, useMarkAllRead } from './queries';
import { InlinePreview } from '../rendering';
import { attachmentsText, badgeCount, DM_PREVIEW_LENGTH, formatRecentTime } from './recent-time';
import { NewMessageDialog } from './NewMessageDialog';
import styles from './DmList.module.css';

function matches(c: Conversation, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  return [c.friend.username, c.friend.nickname ?? '', c.last_message?.content ?? ''].some((s) =>
    s.toLowerCase().includes(q),
  );
}

/** The Direct Messages list of the landing page (spec 2 §2). */
export function DmList({ onOpen }: { onOpen(user: PublicUser): void }) {
  const conversations = useConversations();
  const total = useDmUnreadTotal();
  const markAll = useMarkAllRead();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [picking, setPicking] = useState(false);
  const shown = useMemo(
    () => (conversations.data ?? []).filter((c) => matches(c, search)),
    [conversations.data, search],
  );

  const markAllRead = () =>
    markAll.mutate(undefined, {
      onError: (error) =>
        toast.error(error instanceof ApiError && error.message ? error.message : 'Failed to mark all as read'),
    });

  return (
    <section className={styles.panel} aria-labelledby="dm-list-title">
      <header className={styles.header}>
        <h3 id="dm-list-title" className={styles.title}>
          Direct Messages
          {total > 0 && (
            <span className={styles.total} aria-label={`${total} unread`}>
              {badgeCount(total)}
            </span>
          )}
        </h3>
        <Button size="sm" onClick={() => setPicking(true)}>
          New Message
        </Button>
      </header>
      <input
        className={styles.search}
        type="search"
        placeholder="Search conversations..."
        aria-label="Search conversations"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {conversations.isLoading ? (
        <div className={styles.state}>
          <Spinner size={24} label="Loading conversations" />
        </div>
      ) : conversations.isError ? (
        <div className={styles.state} role="alert">
          <p>
            {conversations.error instanceof ApiError ? conversations.error.message : 'Failed to load conversations'}
          </p>
          <Button variant="secondary" onClick={() => void conversations.refetch()}>
            Try Again
          </Button>
        </div>
      ) : shown.length === 0 ? (
        <p className={styles.state}>
          {(conversations.data ?? []).length === 0 ? 'No direct messages yet' : 'No conversations found'}
        </p>
      ) : (
        <ul className={styles.list} aria-label="Conversations">
          {shown.map((c) => (
            <li key={c.id}>
              <ConversationRow conversation={c} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
      {total > 0 && (
        <footer className={styles.footer}>
          <Button variant="secondary" size="sm" onClick={markAllRead} disabled={markAll.isPending}>
            Mark All Read
          </Button>
        </footer>
      )}
      <NewMessageDialog
        open={picking}
        onOpenChange={setPicking}
        onPick={(user) => {
          setPicking(false);
          onOpen(user);
        }}
      />
    </section>
  );
}

function ConversationRow({ conversation: c, onOpen }: { conversation: Conversation; onOpen(user: PublicUser): void }) {
  const me = useSession()?.user.id;
  const name = displayName(c.friend);
  const system = c.friend.role === 'SYSTEM';
  const last = c.last_message;
  // The last message with its inline formatting, never its raw markers (`**22:00**`).
  const preview = !last ? null : last.content.trim() ? (
    <InlinePreview text={last.content} max={DM_PREVIEW_LENGTH} />
  ) : (
    attachmentsText(last.attachment_count)
  );
  return (
    <button
      type="button"
      className={styles.row}
      data-system={system || undefined}
      data-unread={c.unread_count > 0 || undefined}
      onClick={() => onOpen(c.friend)}
      aria-label={`${name}${c.unread_count > 0 ? `, ${c.unread_count} unread` : ''}`}
    >
      <PresenceAvatar userId={c.friend.id} name={name} src={c.friend.profile_image_url} size={36} />
      <span className={styles.main}>
        <span className={styles.nameLine}>
          <bdi className={styles.name}>{name}</bdi>
          <RoleBadge role={c.friend.role} />
        </span>
        {last && (
          <span className={styles.preview} dir="auto">
            {last.sender_id === me ? 'You: ' : ''}
            {preview}
          </span>
        )}
      </span>
      <span className={styles.meta}>
        {last && (
          <time className={styles.time} dateTime={last.timestamp}>
            {formatRecentTime(last.timestamp)}
          </time>
        )}
        {c.unread_count > 0 && (
          <span className={styles.unread} aria-hidden="true">
            {badgeCount(c.unread_count)}
          </span>
        )}
      </span>
    </button>
  );
}
