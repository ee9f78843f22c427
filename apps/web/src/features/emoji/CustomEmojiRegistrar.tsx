import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '../live/useLiveEvent';
import { customEmojiImage, emojiRegistry, type EmojiRender } from '../rendering';
import { emojiByShortcode } from './custom-emoji-list';
import { customEmojiKeys, useCustomEmoji } from './custom-emoji-queries';

/** Someone renamed, re-flagged or deleted an emoji: the cached lists (and so :name: in messages) follow. */
const CHANGES = ['custom_emoji_update', 'custom_emoji_delete'];

/**
 * Keeps the message renderer's registry filled with the custom emoji this viewer may use (their own
 * and every public one, their own first when names collide). Mounted once in the shell; it fetches
 * nothing until a shortcode is on screen, then shares the picker's cached lists, fetched again when
 * an emoji changes.
 */
export function CustomEmojiRegistrar() {
  const wanted = useSyncExternalStore(emojiRegistry.subscribe, emojiRegistry.isCustomWanted);
  const { emojis } = useCustomEmoji(wanted);
  const qc = useQueryClient();
  useLiveEvent(CHANGES, () => void qc.invalidateQueries({ queryKey: customEmojiKeys.all }));
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
