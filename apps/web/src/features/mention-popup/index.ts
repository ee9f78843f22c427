export { MentionSuggestions } from './MentionSuggestions';
export { useMentionPopup, MENTION_DEBOUNCE_MS, type MentionPopup } from './useMentionPopup';
