import type { PickerEmoji } from './emoji-data';

/** What the picker hands to its user: the emoji, and its name for anything that shows or announces it. */
export type PickedEmoji = Pick<PickerEmoji, 'unicode' | 'name' | 'shortcodes'>;

export interface EmojiPickerProps {
  /**
   * Called for every emoji chosen: once for a click; for each emoji of a Shift+click range. The
   * picker closes after a plain click and stays open after a Shift+click.
   */
  onPick(emoji: PickedEmoji): void;
  onClose(): void;
}
