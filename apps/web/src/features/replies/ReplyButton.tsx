import type { Message } from '@hearth/protocol';
import { REPLY_TEXT } from '@hearth/protocol/reply-rules';
import { IconButton } from '../../ui';
import { ReplyIcon } from './icons';
import { startReply } from './reply-draft';

/** The Reply action among a message's hover actions. */
export function ReplyButton({ message }: { message: Message }) {
  return (
    <IconButton
      aria-label={REPLY_TEXT.action}
      size="sm"
      // Not a tab stop of its own: R on the focused message, or its menu, does the same.
      tabIndex={-1}
      onClick={() => startReply(message)}
    >
      <ReplyIcon size={18} />
    </IconButton>
  );
}
