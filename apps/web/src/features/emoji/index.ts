export { EmojiPickerPopover } from './LazyEmojiPickerPopover';
export type { EmojiPickerPopoverProps } from './EmojiPickerPopover';
export type { PickedEmoji } from './types';
export { CustomEmojiRegistrar } from './CustomEmojiRegistrar';
export { ComposerEmojiButton } from './ComposerEmojiButton';
export { pickedShortcode } from './picked-text';
