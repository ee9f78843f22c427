import { gifLink } from './gif-links';
import { GifEmbed } from './GifEmbed';
import { videoLink } from './video-links';
import { VideoEmbed } from './VideoEmbed';
import styles from './Embeds.module.css';

/** The embeds of a message's links: a card for each video link, the GIFs the page may show. */
export default function Embeds({ links }: { links: readonly string[] }) {
  const items = links.flatMap((href) => {
    const video = videoLink(href);
    if (video) return [<VideoEmbed key={href} href={href} video={video} />];
    const gif = gifLink(href);
    return gif?.shown ? [<GifEmbed key={href} href={href} gif={gif} />] : [];
  });
  return items.length > 0 ? <div className={styles.embeds}>{items}</div> : null;
}
