import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import type { AdminAnnouncement, MentionNotification, Message } from '@hearth/protocol';
import { useNavigation } from '../../app/navigation';
import { dmPath, dmUserFromPath } from '../../app/routes';
import { useSession } from '../../app/session';
import { Avatar, IconButton } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import { useLiveEvent } from '../live/useLiveEvent';
import { InlinePreview, previewPlainText } from '../rendering';
import { MESSAGE_NOTIFICATIONS_KEY, mentionAlerts, popupNeeded } from './alert-rules';
import { AnnouncementEcho } from './announcement-echo';
import { POPUP_TEXT_MAX, PopupStore, type Popup, type PopupInput } from './popup-store';
import { useNotificationPreferences, useNotificationPreferenceUpdates, useNotificationSettings } from './preferences';
import { playSound, type SoundKind } from './sounds';
import styles from './NotificationCenter.module.css';

const tabVisible = () => document.visibilityState === 'visible';

/** A system notification while the tab is hidden, if the user allowed them; a click brings the tab back. */
function systemNotification(input: PopupInput, onClick: () => void) {
  try {
    if (tabVisible() || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    // A system notification shows no formatting: its body is the text with the markers taken out.
    const body = previewPlainText(input.text, POPUP_TEXT_MAX);
    const shown = new Notification(input.title, { body, tag: `${input.kind}:${input.title}` });
    shown.onclick = () => {
      window.focus();
      onClick();
      shown.close();
    };
  } catch {
    // Silent (spec 1 §8).
  }
}

/**
 * Mentions, @everyone and admin announcements as they arrive: an in-app popup (not over the channel
 * being read), a sound, and a system notification when the tab is hidden, each only when the
 * preferences allow (spec 1 §9). Mounted once in the shell.
 */
export function NotificationCenter() {
  const [store] = useState(() => new PopupStore());
  const [echo] = useState(() => new AnnouncementEcho());
  const popups = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const nav = useNavigation();
  const me = useSession()?.user ?? null;
  const prefs = useNotificationPreferences();
  const settings = useNotificationSettings();
  useNotificationPreferenceUpdates();

  const [location, navigate] = useLocation();
  const open = (target: PopupInput['target']) => {
    if (!target) return;
    if ('userId' in target) navigate(dmPath(target.userId));
    else nav.selectChannel(target.channelId, target.groupId);
  };
  /** Raises the alert; the popup's id when one was shown. */
  const raise = (input: PopupInput, sound: SoundKind, withPopup = true): number | null => {
    const id = withPopup ? store.show(input) : null;
    playSound(sound);
    systemNotification(input, () => open(input.target));
    return id;
  };

  useLiveEvent<MentionNotification>(['mention_notification'], (_type, event) => {
    if (!me) return;
    const ctx = {
      me: me.id,
      prefs,
      accountEnabled: settings?.message_notifications_enabled,
      localEnabled: localStorage.getItem(MESSAGE_NOTIFICATIONS_KEY) !== 'false',
      watching: tabVisible() && !nav.onPage ? nav.channelId : null,
    };
    if (!mentionAlerts(event, ctx) || event.message.group_id === null) return;
    const author = event.message.nickname || event.message.username;
    const everyone = event.type === 'everyone';
    raise(
      {
        kind: everyone ? 'everyone' : 'mention',
        title: everyone
          ? `${author} mentioned @everyone in #${event.channel_name}`
          : `${author} mentioned you in #${event.channel_name}`,
        text: event.message.content,
        from: author,
        target: { groupId: event.message.group_id, channelId: event.message.channel_id },
      },
      everyone ? 'everyone' : 'mention',
      popupNeeded(event, ctx),
    );
  });

  // A direct message from someone else: popup (not over the conversation being read) and sound (spec 1 §9).
  useLiveEvent<Message>(['direct_message'], (_type, message) => {
    if (!me || message.user_id === me.id) return;
    // A pin's line is not something said to the reader: it raises nothing, as in Discord.
    if (message.message_type === 'system') return;
    if (settings?.message_notifications_enabled === false) return;
    if (localStorage.getItem(MESSAGE_NOTIFICATIONS_KEY) === 'false') return;
    // Guardian's copy of an announcement whose own popup is already showing says nothing more.
    const guardian = message.role === 'SYSTEM';
    if (guardian && echo.isEcho(message.content, Date.now())) return;
    const author = message.nickname || message.username;
    const reading = tabVisible() && dmUserFromPath(location) === message.user_id;
    const popupId = raise(
      {
        kind: 'direct_message',
        title: author,
        text: message.content || (message.attachments.length > 0 ? 'Sent an attachment' : ''),
        from: author,
        target: { userId: message.user_id },
      },
      'mention',
      !reading,
    );
    if (guardian && popupId !== null) echo.messageShown(message.content, popupId, Date.now());
  });

  // Both kinds of announcement (spec 1 §7 `admin_announcement`), one popup for 15 s (spec 1 §9), not for
  // the admin who sent it. `/guardian announce` posts in a channel, which a click opens. The admin
  // panel's has a title and arrives with the Guardian direct message that carries it, in either
  // order: its popup stands in for that message's, and a click opens the Guardian conversation.
  useLiveEvent<AdminAnnouncement>(['admin_announcement'], (_type, event) => {
    if (!me) return;
    const panel = event.title !== undefined;
    if (panel) for (const id of echo.announced(event.content, Date.now())) store.dismiss(id);
    if (event.admin_username === me.username) return;
    let target: PopupInput['target'];
    if (event.guardian_id !== undefined) target = { userId: event.guardian_id };
    else if (event.channel_id !== null && event.group_id !== null)
      target = { groupId: event.group_id, channelId: event.channel_id };
    raise(
      {
        kind: 'admin_announcement',
        title: event.title ?? `Announcement from ${event.admin_username}`,
        text: event.content,
        from: 'Guardian',
        target,
      },
      'announcement',
    );
  });

  if (popups.length === 0) return null;
  return (
    <section className={styles.stack} aria-label="Notification popups">
      {popups.map((popup) => (
        <PopupCard
          key={popup.id}
          popup={popup}
          onOpen={() => {
            open(popup.target);
            store.dismiss(popup.id);
          }}
          onClose={() => store.dismiss(popup.id)}
        />
      ))}
    </section>
  );
}

function PopupCard({ popup, onOpen, onClose }: { popup: Popup; onOpen(): void; onClose(): void }) {
  const askable = typeof Notification !== 'undefined' && Notification.permission === 'default';
  return (
    <div className={styles.popup} role="status" data-kind={popup.kind}>
      <button type="button" className={styles.body} onClick={onOpen} disabled={!popup.target}>
        <Avatar name={popup.from ?? popup.title} size={32} />
        <span className={styles.texts}>
          <span className={styles.title}>{popup.title}</span>
          <span className={styles.text} dir="auto">
            <InlinePreview text={popup.text} max={POPUP_TEXT_MAX} />
          </span>
        </span>
      </button>
      <div className={styles.side}>
        <IconButton size="sm" aria-label="Dismiss notification" onClick={onClose}>
          <CloseIcon size={16} />
        </IconButton>
      </div>
      {askable && (
        // Browsers only let a click ask for system notifications: offered where one happens anyway.
        <button
          type="button"
          className={styles.enable}
          onClick={() => void Notification.requestPermission().catch(() => undefined)}
        >
          Also notify me when this tab is in the background
        </button>
      )}
    </div>
  );
}
