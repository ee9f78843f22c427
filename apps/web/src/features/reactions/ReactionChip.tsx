import { Fragment } from 'react';
import { reactionSummary, reactionSummaryParts, type ReactionChipData } from './reaction-list';
import { useHoverTooltip } from './useHoverTooltip';
import styles from './ReactionBar.module.css';

export interface ReactionChipProps {
  chip: ReactionChipData;
  /** False when the viewer may not add this reaction (no can_post) and has none to take back. */
  enabled: boolean;
  onToggle(chip: ReactionChipData): void;
}

/** One emoji of the bar with its count: pressed when the viewer reacted with it; a click adds or removes theirs. */
export function ReactionChip({ chip, enabled, onToggle }: ReactionChipProps) {
  const label = chip.emoji.emoji_unicode ?? `:${chip.emoji.emoji_name ?? 'emoji'}:`;
  const summary = reactionSummaryParts(chip.usernames, label).map((part, i) => (
    <Fragment key={i}>{'name' in part ? <bdi>{part.name}</bdi> : part.text}</Fragment>
  ));
  const { triggerProps, tooltip } = useHoverTooltip(reactionSummary(chip.usernames, label), summary);
  return (
    <>
      <button
        type="button"
        className={styles.chip}
        aria-pressed={chip.mine !== null}
        aria-disabled={enabled ? undefined : true}
        onClick={() => {
          if (enabled) onToggle(chip);
        }}
        {...triggerProps}
      >
        <span className={styles.emoji}>
          {chip.emoji.emoji_url ? (
            // The chip's name keeps the `:name:` text (the picture's alt), as its summary does.
            <img className={styles.customEmoji} src={chip.emoji.emoji_url} alt={label} draggable={false} />
          ) : (
            label
          )}
        </span>
        <span className={styles.count}>{chip.count}</span>
      </button>
      {tooltip}
    </>
  );
}
