import { memo, useCallback } from 'react';
import type { Message } from '@hearth/protocol';
import { useSession } from '../../app/session';
import { AddReactionChip } from './AddReactionButton';
import { reactionChips, type ReactionChipData } from './reaction-list';
import { ReactionChip } from './ReactionChip';
import { useCanReact } from './useCanReact';
import { useReactionActions } from './useReactionActions';
import styles from './ReactionBar.module.css';

/**
 * The reactions under a message (spec 1 §2): one chip per emoji, then '+' to add another when the
 * viewer may react; nothing when there are none.
 */
export const ReactionBar = memo(function ReactionBar({ message }: { message: Message }) {
  const viewerId = useSession()?.user.id ?? null;
  const { add, remove } = useReactionActions();
  const canReact = useCanReact(message);
  const onToggle = useCallback(
    (chip: ReactionChipData) => {
      if (chip.mine) void remove(message, chip.mine);
      else if (chip.emoji.emoji_unicode !== null) void add(message, chip.emoji.emoji_unicode);
    },
    [add, remove, message],
  );
  if (message.reactions.length === 0) return null;
  return (
    <div className={styles.bar} role="group" aria-label="Reactions">
      {reactionChips(message.reactions, viewerId).map((chip) => (
        <ReactionChip
          key={chip.key}
          chip={chip}
          enabled={chip.mine !== null || (canReact && chip.emoji.emoji_unicode !== null)}
          onToggle={onToggle}
        />
      ))}
      {canReact && <AddReactionChip message={message} />}
    </div>
  );
});
