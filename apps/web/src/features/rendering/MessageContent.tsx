import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { useSession } from '../../app/session';
import { textDirection } from '../../lib/text-direction';
import { cx } from '../../ui/cx';
import type { RichNode } from './ast';
import { isEmojiOnly, jumboEmojiClass } from './emoji/emoji-only';
import { ShortcodeAuthor } from './emoji/shortcode-author';
import { gifLink } from './embeds/gif-links';
import { resolveLink } from './link-policy';
import { renderNodes } from './output/render-nodes';
import { parseMessage } from './parse-message';
import styles from './RichText.module.css';

// Players, GIFs and their preview are a chunk of their own, fetched when a message has a link.
const Embeds = lazy(() => import('./embeds/Embeds'));

export interface MessageContentProps {
  /** The message's text as the author wrote it. */
  text: string;
  /** Classes of the block holding the text. */
  className?: string;
  /** Shown right after the text, outside its isolation (the '(edited)' marker). */
  after?: ReactNode;
  /** Video and GIF embeds under the text (on by default). */
  embeds?: boolean;
  /** Who wrote it: their uploaded GIFs are drawn for `:name:` that no emoji has. */
  authorId?: number;
  /**
   * Whether its `@everyone` pinged everyone (the server's `mentions_everyone`: only an admin's does).
   * Otherwise `@everyone` is drawn as the plain text it was for everyone reading it.
   */
  everyonePings?: boolean;
}

/** A message that is one GIF link the page may show is shown as the GIF alone. */
function isSoleGif(nodes: readonly RichNode[]): boolean {
  const [only, ...rest] = nodes;
  // A bare address only: [text](x.gif) keeps its text.
  if (rest.length > 0 || only?.type !== 'link' || only.source !== only.target) return false;
  const link = resolveLink(only.target);
  return link?.kind === 'external' && gifLink(link.href)?.shown === true;
}

/**
 * A message's text with its formatting, shortcodes, mentions and links, followed by its video and
 * GIF embeds. Reused by anything that shows user-written messages (channels now, direct messages
 * later). The text sits in <bdi dir="auto">: its direction comes from its own first strong letter,
 * and a bidirectional override in it cannot reorder what follows (the '(edited)' marker).
 */
export function MessageContent({
  text,
  className,
  after,
  embeds = true,
  authorId,
  everyonePings = false,
}: MessageContentProps) {
  const parsed = parseMessage(text);
  const viewerName = useSession()?.user.username.toLowerCase() ?? null;
  const rendered = useMemo(
    () => renderNodes(parsed.nodes, { viewerName, everyonePings }),
    [parsed, viewerName, everyonePings],
  );
  const gifOnly = embeds && isSoleGif(parsed.nodes);
  const jumbo = isEmojiOnly(parsed.nodes);
  return (
    <>
      {/* The block takes the text's direction too, so an Arabic or Hebrew message lines up on the
          right: dir="auto" here would skip the <bdi> and see only the '(edited)' marker. */}
      <div className={cx(styles.text, className)} dir={textDirection(text)}>
        {!gifOnly && (
          <bdi dir="auto" className={jumbo ? jumboEmojiClass : undefined}>
            <ShortcodeAuthor.Provider value={authorId}>{rendered}</ShortcodeAuthor.Provider>
          </bdi>
        )}
        {after}
      </div>
      {embeds && parsed.embedLinks.length > 0 && (
        <Suspense fallback={null}>
          <Embeds links={parsed.embedLinks} />
        </Suspense>
      )}
    </>
  );
}
