import type { Message } from '@hearth/protocol';
import { MESSAGE_REMOVED_BY_ADMIN } from '@hearth/protocol/constants';
import { useReactionsContext } from './ReactionsContext';

/** Whether the viewer may add reactions to this message: can_post in its group, and not removed by an admin. */
export function useCanReact(message: Pick<Message, 'content'>): boolean {
  const context = useReactionsContext();
  return (context?.canReact ?? false) && message.content !== MESSAGE_REMOVED_BY_ADMIN;
}
