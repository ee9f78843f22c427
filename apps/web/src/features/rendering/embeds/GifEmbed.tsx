import { lazy, Suspense, useState } from 'react';
import { useChatPref } from '../../../app/chat-prefs';
import { useUploadedGifRating, type UploadedGifRating } from '../../gifs/useUploadedGifRating';
import type { GifLink } from './gif-links';
import { GIF_DEFAULT, gifDisplaySize } from './gif-size';
import { cx } from '../../../ui/cx';
import styles from './Embeds.module.css';

const GifPreview = lazy(() => import('./GifPreview'));

/**
 * Whether a GIF is blurred before a click. Service GIFs never are (spec 1 §2 blurs user-generated
 * NSFW GIFs). A GIF uploaded here is blurred when its flag says NSFW (and while the flag loads,
 * without the label); any other user-generated GIF's rating is not known, so it is treated as NSFW:
 * one click too many is better than an unwanted picture. The Auto-unblur preference (spec 3 §3) shows all.
 */
function blurFor(gif: GifLink, rating: UploadedGifRating, autoUnblur: boolean): 'blurred' | 'loading' | 'shown' {
  if (gif.kind === 'service' || autoUnblur || rating === 'safe') return 'shown';
  return rating === 'pending' ? 'loading' : 'blurred';
}

interface GifEmbedProps {
  href: string;
  gif: GifLink;
  /** Set for a GIF drawn in the text for its `:name:`: it sits in the line, named by this label. */
  label?: string;
}

/** A GIF shown inline, within 400 x 300; blurred until clicked when NSFW; a click opens it full size. */
export function GifEmbed({ href, gif, label }: GifEmbedProps) {
  const rating = useUploadedGifRating(gif.uploadedFile);
  const [revealed, setRevealed] = useState(false);
  const autoUnblur = useChatPref('autoUnblurContent');
  const look = revealed ? 'shown' : blurFor(gif, rating, autoUnblur);
  const blurred = look !== 'shown';
  const [size, setSize] = useState<{ width: number; height: number }>(GIF_DEFAULT);
  const [previewOpen, setPreviewOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={label === undefined ? styles.gif : cx(styles.gif, styles.inTextGif)}
        title={label}
        data-blurred={blurred || undefined}
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
        aria-label={`${blurred ? 'Show NSFW GIF' : 'Open GIF preview'}${label === undefined ? '' : ` ${label}`}`}
        onClick={() => (blurred ? setRevealed(true) : setPreviewOpen(true))}
      >
        <img
          src={href}
          alt=""
          width={size.width}
          height={size.height}
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={(event) =>
            setSize(gifDisplaySize(event.currentTarget.naturalWidth, event.currentTarget.naturalHeight))
          }
        />
        {look === 'blurred' && <span className={styles.nsfwLabel}>NSFW</span>}
      </button>
      {previewOpen && (
        <Suspense fallback={null}>
          <GifPreview href={href} open={previewOpen} onOpenChange={setPreviewOpen} />
        </Suspense>
      )}
    </>
  );
}
