export { ReactionBar } from './ReactionBar';
export { AddReactionButton, type AddReactionButtonProps } from './AddReactionButton';
export {
  ChannelReactionsProvider,
  ConversationReactionsProvider,
  useReactionsContext,
  type ReactionTarget,
} from './ReactionsContext';
export { AddReactionIcon } from './icons';
export { useCanReact } from './useCanReact';
