import { customShortcode } from './custom-emoji-list';
import type { PickedEmoji } from './types';

/**
 * What a picked emoji writes into the composer: a shortcode, which every reader's renderer draws
 * (`:name:` in lower case for a custom emoji, the first GitHub shortcode for a standard one), or the
 * character itself for the few standard emoji without a shortcode.
 */
export function pickedShortcode(emoji: PickedEmoji): string {
  if (emoji.kind === 'custom') return customShortcode(emoji.name);
  const code = emoji.shortcodes[0];
  return code === undefined ? emoji.unicode : `:${code}:`;
}
