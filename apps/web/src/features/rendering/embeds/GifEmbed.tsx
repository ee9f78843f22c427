import { lazy, Suspense, useState } from 'react';
import type { GifLink } from './gif-links';
import { GIF_DEFAULT, gifDisplaySize } from './gif-size';
import styles from './Embeds.module.css';

const GifPreview = lazy(() => import('./GifPreview'));

/** Spec 3's local preference: 'true' reveals blurred content without a click. */
const AUTO_UNBLUR_KEY = 'autoUnblurContent';

/**
 * Whether a GIF starts blurred. Service GIFs never do (spec 1 §2 blurs user-generated NSFW GIFs).
 * A user-generated GIF's rating is not known from its link (the GIF library that knows it comes
 * later), so it is treated as NSFW: one click too many is better than an unwanted picture.
 */
function startsBlurred(gif: GifLink): boolean {
  return gif.kind === 'user' && localStorage.getItem(AUTO_UNBLUR_KEY) !== 'true';
}

/** A GIF shown inline, within 400 x 300; blurred until clicked when NSFW; a click opens it full size. */
export function GifEmbed({ href, gif }: { href: string; gif: GifLink }) {
  const [blurred, setBlurred] = useState(() => startsBlurred(gif));
  const [size, setSize] = useState<{ width: number; height: number }>(GIF_DEFAULT);
  const [previewOpen, setPreviewOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className={styles.gif}
        data-blurred={blurred || undefined}
        style={{ width: size.width, aspectRatio: `${size.width} / ${size.height}` }}
        aria-label={blurred ? 'Show NSFW GIF' : 'Open GIF preview'}
        onClick={() => (blurred ? setBlurred(false) : setPreviewOpen(true))}
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
        {blurred && <span className={styles.nsfwLabel}>NSFW</span>}
      </button>
      {previewOpen && (
        <Suspense fallback={null}>
          <GifPreview href={href} open={previewOpen} onOpenChange={setPreviewOpen} />
        </Suspense>
      )}
    </>
  );
}
