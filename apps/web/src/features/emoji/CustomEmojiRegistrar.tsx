import { useEffect, useSyncExternalStore } from 'react';
import { customEmojiImage, emojiRegistry, type EmojiRender } from '../rendering';
import { emojiByShortcode } from './custom-emoji-list';
import { useCustomEmoji } from './custom-emoji-queries';

/**
 * Keeps the message renderer's registry filled with the custom emoji this viewer may use (their own
 * and every public one, their own first when names collide). Mounted once in the shell; it fetches
 * nothing until a shortcode is on screen, then shares the picker's cached lists.
 */
export function CustomEmojiRegistrar() {
  const wanted = useSyncExternalStore(emojiRegistry.subscribe, emojiRegistry.isCustomWanted);
  const { emojis } = useCustomEmoji(wanted);
  useEffect(() => {
    const renders = new Map<string, EmojiRender>();
    for (const [name, emoji] of emojiByShortcode(emojis))
      renders.set(name, (label) => customEmojiImage(emoji.url, label, emoji.is_nsfw));
    emojiRegistry.setCustom(renders);
  }, [emojis]);
  // Signing out unmounts the shell: the next account in this tab must not see these.
  useEffect(() => () => emojiRegistry.setCustom(new Map()), []);
  return null;
}
