export { ToastProvider, useToast, type ToastApi, type ToastProviderProps } from './Toasts';
export {
  ToastStore,
  TOAST_DURATIONS,
  DEFAULT_TOAST_DURATION,
  MAX_TOASTS,
  type Toast,
  type ToastOptions,
  type ToastType,
} from './toast-store';
export { ConfirmProvider, useConfirm, type ConfirmFn } from './Confirm';
export { type ConfirmOptions, type ConfirmType } from './ConfirmDialog';
export { ContextMenu, type ContextMenuProps } from './ContextMenu';
export { DropdownMenu, type DropdownMenuProps } from './DropdownMenu';
export { type MenuItem } from './menu-items';
export { Modal, type ModalProps, type ModalSize } from './Modal';
export { Avatar, type AvatarProps, type PresenceStatus } from './Avatar';
export { avatarInitials, avatarColour } from './avatar-look';
export {
  Button,
  IconButton,
  type ButtonProps,
  type IconButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './Button';
export { TextField, type TextFieldProps } from './TextField';
export { SelectField, idValue, valueId, type SelectFieldProps, type SelectOption } from './SelectField';
export { Spinner, type SpinnerProps } from './Spinner';
export { VisuallyHidden } from './VisuallyHidden';
export { MobileHeader, type MobileHeaderProps } from './MobileHeader';
export { Icon, BackIcon, SearchIcon, type IconProps } from './icons';
export {
  SuggestionPopup,
  handleSuggestionKey,
  suggestionPopupState,
  type SuggestionPopupState,
  type SuggestionPopupProps,
  type SuggestionKeyOptions,
} from './SuggestionPopup';
export { RoleBadge } from './RoleBadge';
// Tabs and Switch are imported from their own files: only lazily loaded screens use them, and a
// module exported here is part of the first chunk for every screen, used or not.
