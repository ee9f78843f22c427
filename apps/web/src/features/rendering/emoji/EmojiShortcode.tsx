import { lazy, Suspense, useContext, useEffect, useSyncExternalStore } from 'react';
import { emojiRegistry } from './registry';
import { ShortcodeAuthor } from './shortcode-author';

// Drawing an author's GIF needs their list and the GIF embed: fetched only when a name is no emoji.
const AuthorGif = lazy(() => import('../embeds/AuthorGif'));

/**
 * `:name:` as its emoji once known (custom, then standard); otherwise, in a message, as the author's
 * uploaded GIF of that name; as the text itself while the data loads or when it names nothing.
 */
export function EmojiShortcode({ name }: { name: string }) {
  useSyncExternalStore(emojiRegistry.subscribe, emojiRegistry.getVersion);
  const author = useContext(ShortcodeAuthor);
  const label = `:${name}:`;
  const render = emojiRegistry.resolve(name);
  useEffect(() => {
    // Custom emoji win over standard ones, so they are wanted even when the standard set knows the name.
    emojiRegistry.wantCustom();
    if (!render) void emojiRegistry.loadStandard();
  }, [render]);
  if (render) return render(label);
  if (author === undefined || !emojiRegistry.isStandardLoaded()) return label;
  return (
    <Suspense fallback={label}>
      <AuthorGif authorId={author} name={name} label={label} />
    </Suspense>
  );
}
