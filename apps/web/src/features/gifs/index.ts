export { GifButton, type GifButtonProps } from './GifButton';
export { GifPickerPopover } from './LazyGifPickerPopover';
export type { GifPickerPopoverProps } from './GifPickerPopover';
