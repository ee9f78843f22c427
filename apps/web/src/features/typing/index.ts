export { TypingIndicator } from './TypingIndicator';
export { useTypingSignal, type TypingTarget } from './useTyping';
