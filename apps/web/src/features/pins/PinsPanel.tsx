import type { RefObject } from 'react';
import type { PinnedMessage } from '@hearth/protocol';
import { PIN_TEXT } from '@hearth/protocol/pin-rules';
import { useSession } from '../../app/session';
import { Avatar, Button, IconButton, Spinner } from '../../ui';
import { AnchoredDialog } from '../../ui/AnchoredDialog';
import { CloseIcon } from '../../ui/icons';
import { MessageContent } from '../rendering';
import { requestJump } from '../messages';
import { formatFull } from '../messages/format-time';
import { AttachmentIcon } from '../replies/icons';
import { canManagePins } from './can-pin';
import { PinIcon } from './icons';
import { pinsPanelPosition } from './panel-position';
import { windowIdOf, type PinPlace } from './pin-place';
import { usePins, usePinsLiveUpdates } from './queries';
import { usePinToggle } from './usePinToggle';
import styles from './PinsPanel.module.css';

export interface PinsPanelProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The header button it opens from. */
  anchor: RefObject<HTMLElement | null>;
  place: PinPlace;
}

/**
 * The pinned messages of a channel or conversation, newest pinned first, in a floating panel under the
 * header's button (a chunk of its own, fetched when the page is idle): each with its author, time and
 * text, 'Jump', which closes the panel and shows the message in the list (loading the history around
 * it when it is not on screen), and for those who may, an unpin button.
 */
export function PinsPanel({ open, onOpenChange, anchor, place }: PinsPanelProps) {
  return (
    <AnchoredDialog
      open={open}
      onOpenChange={onOpenChange}
      anchor={anchor}
      title={PIN_TEXT.panelTitle}
      place={pinsPanelPosition}
      sizeClass={styles.size!}
    >
      <PinsList place={place} onClose={() => onOpenChange(false)} />
    </AnchoredDialog>
  );
}

function PinsList({ place, onClose }: { place: PinPlace; onClose(): void }) {
  const viewer = useSession()?.user ?? null;
  const pins = usePins(place);
  usePinsLiveUpdates(place);
  const toggle = usePinToggle();
  const canUnpin = canManagePins(place.kind === 'channel', viewer);
  const windowId = viewer ? windowIdOf(place, viewer.id) : null;
  const jump = (pin: PinnedMessage) => {
    onClose();
    if (windowId !== null) requestJump(windowId, pin.id);
  };

  let body;
  if (pins.isPending) body = <Spinner size={24} label={PIN_TEXT.loading} />;
  else if (pins.isError) body = <p className={styles.note}>{PIN_TEXT.loadFailed}</p>;
  else if (pins.data.length === 0)
    body = (
      <p className={styles.note}>{place.kind === 'channel' ? PIN_TEXT.emptyChannel : PIN_TEXT.emptyConversation}</p>
    );
  else
    body = (
      <ul className={styles.list} aria-label={PIN_TEXT.panelTitle}>
        {pins.data.map((pin) => (
          <PinEntry
            key={pin.id}
            pin={pin}
            onJump={() => jump(pin)}
            onUnpin={canUnpin ? () => void toggle(pin) : undefined}
          />
        ))}
      </ul>
    );

  return (
    <div className={styles.panel}>
      <div className={styles.header}>
        <PinIcon size={18} />
        <h2 className={styles.title}>{PIN_TEXT.panelTitle}</h2>
        <IconButton aria-label="Close" size="sm" onClick={onClose}>
          <CloseIcon size={18} />
        </IconButton>
      </div>
      <div className={styles.body}>{body}</div>
    </div>
  );
}

/** A pin's date and time in a line that leaves its author's name room: 'Nov 28, 2026, 2:22 AM'. */
const formatShort = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function PinEntry({ pin, onJump, onUnpin }: { pin: PinnedMessage; onJump(): void; onUnpin?: () => void }) {
  const name = pin.nickname || pin.username;
  return (
    <li className={styles.entry}>
      <div className={styles.meta}>
        <Avatar name={name} src={pin.profile_image_url} size={24} />
        <bdi className={styles.author}>{name}</bdi>
        <time className={styles.time} dateTime={pin.timestamp} title={formatFull(pin.timestamp)}>
          {formatShort(pin.timestamp)}
        </time>
      </div>
      {pin.content && (
        <MessageContent
          text={pin.content}
          authorId={pin.user_id}
          everyonePings={pin.mentions_everyone}
          embeds={false}
          className={styles.content}
        />
      )}
      {pin.attachments.length > 0 && (
        <p className={styles.attachments}>
          <AttachmentIcon size={14} /> {PIN_TEXT.attachment}
          {pin.attachments.length > 1 ? ` × ${pin.attachments.length}` : ''}
        </p>
      )}
      <div className={styles.entryActions}>
        <Button size="sm" variant="secondary" aria-label={PIN_TEXT.jumpLabel(name)} onClick={onJump}>
          {PIN_TEXT.jump}
        </Button>
        {onUnpin && (
          <IconButton aria-label={PIN_TEXT.unpinLabel(name)} title={PIN_TEXT.unpin} size="sm" onClick={onUnpin}>
            <CloseIcon size={16} />
          </IconButton>
        )}
      </div>
    </li>
  );
}
