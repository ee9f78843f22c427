import type { RichNode } from '../ast';
import styles from './Emoji.module.css';

/** Discord's limit: a message of up to 27 emoji and nothing else shows them large. */
export const JUMBO_EMOJI_MAX = 27;

/** One or more emoji characters (with their joiners, selectors, skin tones and flag pairs). */
const EMOJI_TEXT =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200d|\ufe0f|\u20e3|\s)+$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}/gu;

/**
 * Whether a message is only emoji, shortcodes or typed characters, and whitespace, so it is shown
 * large. A shortcode that stays text (unknown) still counts: it is rare, and checking would make the
 * size depend on data that loads later.
 */
export function isEmojiOnly(nodes: readonly RichNode[]): boolean {
  let count = 0;
  for (const node of nodes) {
    if (node.type === 'emoji') count += 1;
    else if (node.type === 'text' && EMOJI_TEXT.test(node.content))
      count += node.content.match(PICTOGRAPH)?.length ?? 0;
    else return false;
  }
  return count > 0 && count <= JUMBO_EMOJI_MAX;
}

/** The class of a message's text that is emoji alone. */
export const jumboEmojiClass = styles.jumbo;
