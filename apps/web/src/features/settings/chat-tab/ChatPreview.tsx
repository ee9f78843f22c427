import { Avatar } from '../../../ui';
import { cx } from '../../../ui/cx';
import { GutterTime, MessageHeader } from '../../messages/MessageHeader';
import item from '../../messages/MessageItem.module.css';
import styles from './ChatSettings.module.css';

/**
 * Two messages drawn with the message list's own styles, so the preview follows the settings the
 * way the chat does (they are attributes of the page's root, which both read).
 */
export function ChatPreview() {
  const now = new Date();
  const first = new Date(now.getTime() - 60_000).toISOString();
  const second = now.toISOString();
  return (
    <figure className={styles.preview} aria-label="Preview">
      <div className={item.item}>
        <div className={item.message}>
          <Avatar name="Hearth" size={40} className={item.avatar} />
          <div className={item.body}>
            <MessageHeader name="Hearth" role="USER" timestamp={first} />
            <p className={item.content}>This is how messages look with these settings.</p>
          </div>
        </div>
        <div className={cx(item.message, item.grouped)}>
          <GutterTime timestamp={second} />
          <div className={item.body}>
            <p className={item.content}>A second message from the same person follows closely.</p>
          </div>
        </div>
      </div>
    </figure>
  );
}
