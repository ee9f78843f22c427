export { ReplyBanner } from './ReplyBanner';
export { ReplyButton } from './ReplyButton';
export { ReplyPreview, ReplyJumpContext, jumpHighlightClass } from './ReplyPreview';
export { ReplyIcon } from './icons';
export { canReplyTo, isReplyKey } from './can-reply';
export { followOriginals } from './reply-previews';
export {
  focusComposer,
  outgoingReply,
  replyDrafts,
  replyMentionPref,
  startReply,
  useReplyDraft,
  type OutgoingReply,
} from './reply-draft';
export { useReplyJump } from './useReplyJump';
