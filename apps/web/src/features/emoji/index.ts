export { EmojiPickerPopover } from './LazyEmojiPickerPopover';
export type { EmojiPickerPopoverProps } from './EmojiPickerPopover';
export type { PickedEmoji } from './types';
