import { LINK_PREVIEW_TEXT } from '@hearth/protocol/link-preview-rules';
import type { ChatFontSize, ChatPrefs, SpellcheckLanguage } from '../../../app/chat-prefs';

type Toggle = keyof Pick<
  ChatPrefs,
  | 'showMessageBorders'
  | 'animationsEnabled'
  | 'compactMode'
  | 'showSendButton'
  | 'showTimestamps'
  | 'autoUnblurContent'
  | 'showLinkPreviews'
>;

/** The six switches of spec 3 §2 in its order, then link previews', with what each does (the explanations are ours). */
export const CHAT_TOGGLES: readonly { key: Toggle; label: string; description: string }[] = [
  {
    key: 'showMessageBorders',
    label: 'Message Borders',
    description: 'A thin line between groups of messages.',
  },
  {
    key: 'animationsEnabled',
    label: 'Chat Animations',
    description: 'Messages and their buttons fade in and out instead of appearing at once.',
  },
  {
    key: 'compactMode',
    label: 'Compact Mode',
    description: 'Small avatars and tighter rows, so more messages fit on the screen.',
  },
  {
    key: 'showSendButton',
    label: 'Show Send Button',
    description: 'Enter sends either way.',
  },
  {
    key: 'showTimestamps',
    label: 'Show Timestamps',
    description: 'The time beside each message.',
  },
  {
    key: 'autoUnblurContent',
    label: 'Auto-unblur sensitive content',
    description: 'Show sensitive attachments and NSFW GIFs without a click.',
  },
  {
    key: 'showLinkPreviews',
    label: LINK_PREVIEW_TEXT.settingLabel,
    description: LINK_PREVIEW_TEXT.settingDescription,
  },
];

export const FONT_SIZE_OPTIONS: readonly { value: ChatFontSize; label: string }[] = [
  { value: 'small', label: 'Small' },
  { value: 'default', label: 'Default' },
  { value: 'large', label: 'Large' },
];

export const SPELLCHECK_LANGUAGE_OPTIONS: readonly { value: SpellcheckLanguage; label: string }[] = [
  { value: 'en_US', label: 'English (US)' },
  { value: 'en-GB', label: 'English (UK)' },
  { value: 'en-AU', label: 'English (Australia)' },
  { value: 'es', label: 'Spanish' },
  { value: 'es-US', label: 'Spanish (US)' },
  { value: 'fr', label: 'French' },
];
