export { CommandSuggestions } from './CommandSuggestions';
export { useCommandPopup, type CommandPopup } from './useCommandPopup';
export { useRunCommand } from './useRunCommand';
