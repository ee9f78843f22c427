import type { PickerEmoji } from './emoji-data';

/**
 * What the picker hands to its user: a standard emoji (its character, name and shortcodes) or a
 * custom one (its id, name and picture).
 */
export type PickedEmoji =
  | ({ kind: 'unicode' } & Pick<PickerEmoji, 'unicode' | 'name' | 'shortcodes'>)
  | { kind: 'custom'; id: number; name: string; url: string };

export interface EmojiPickerProps {
  /**
   * Called for every emoji chosen: once for a click; for each emoji of a Shift+click range. The
   * picker closes after a plain click and stays open after a Shift+click.
   */
  onPick(emoji: PickedEmoji): void;
  onClose(): void;
}
