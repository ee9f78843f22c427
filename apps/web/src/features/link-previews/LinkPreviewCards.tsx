import { useState } from 'react';
import type { Embed, Message } from '@hearth/protocol';
import { LINK_PREVIEW_TEXT } from '@hearth/protocol/link-preview-rules';
import { useServices } from '../../app/services';
import { useSession } from '../../app/session';
import { useToast } from '../../ui';
import { CloseIcon } from '../../ui/icons';
import { GifEmbed } from '../rendering/embeds/GifEmbed';
import { gifLink } from '../rendering/embeds/gif-links';
import { proxiedImage, safeHref } from './embed-image';
import styles from './LinkPreviews.module.css';

type Target = Pick<Message, 'id' | 'channel_id' | 'user_id'>;

/** A direct message's channel id is its conversation's, always negative. */
const removePath = (m: Target) => (m.channel_id < 0 ? `/dm/embeds/${m.id}` : `/message/${m.id}/embeds`);

/** A page's card: site name, title as the link, description, picture; the page's colour on the left. */
function LinkCard({ embed, onRemove }: { embed: Embed; onRemove: (() => void) | null }) {
  const href = safeHref(embed.url);
  const image = proxiedImage(embed.image);
  // A picture the proxy refused (a private address, not an image, too large) is left out, not shown broken.
  const [imageFailed, setImageFailed] = useState(false);
  const title = embed.title ?? embed.url;
  return (
    <div
      role="group"
      className={styles.card}
      aria-label={title}
      style={embed.color ? { borderInlineStartColor: embed.color } : undefined}
    >
      <div className={styles.text}>
        {embed.site_name && <div className={styles.site}>{embed.site_name}</div>}
        {href ? (
          <a className={styles.title} href={href} target="_blank" rel="noopener noreferrer" title={href}>
            {title}
          </a>
        ) : (
          <div className={styles.title}>{title}</div>
        )}
        {embed.description && <p className={styles.description}>{embed.description}</p>}
      </div>
      {image && !imageFailed && (
        <img
          className={styles.image}
          src={image}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setImageFailed(true)}
        />
      )}
      {onRemove && (
        <button
          type="button"
          className={styles.remove}
          aria-label={LINK_PREVIEW_TEXT.removePreviewOf(title)}
          title={LINK_PREVIEW_TEXT.removePreview}
          onClick={onRemove}
        >
          <CloseIcon size={14} />
        </button>
      )}
    </div>
  );
}

/**
 * The cards of a message's previews. Its author sees an 'X' on each, which removes the message's
 * previews for everyone (the server's `message_embeds_update` then clears them on every screen).
 */
export default function LinkPreviewCards({ message, embeds }: { message: Target; embeds: readonly Embed[] }) {
  const { http } = useServices();
  const viewerId = useSession()?.user.id;
  const toast = useToast();
  const [removing, setRemoving] = useState(false);
  const remove =
    viewerId === message.user_id && !removing
      ? () => {
          setRemoving(true);
          http
            .delete(removePath(message))
            .catch(() => toast.error(LINK_PREVIEW_TEXT.removeFailed))
            .finally(() => setRemoving(false));
        }
      : null;
  return (
    <div className={styles.embeds}>
      {embeds.map((embed) => {
        if (embed.type === 'link') return <LinkCard key={embed.url} embed={embed} onRemove={remove} />;
        const image = proxiedImage(embed.image);
        // A GIF of another site: user-generated (spec 1 §2), so blurred until clicked unless Auto-unblur
        // is on. One the text already shows (this site's own) is not drawn twice.
        if (!image || gifLink(embed.url)?.shown !== false) return null;
        return <GifEmbed key={embed.url} href={image} gif={{ kind: 'user', shown: true }} />;
      })}
    </div>
  );
}
