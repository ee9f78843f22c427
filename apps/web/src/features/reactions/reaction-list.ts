import type { Reaction } from '@hearth/protocol';
import { REACTION_EMOJI_PER_MESSAGE_MAX } from '@hearth/protocol/rules';

type EmojiFields = Pick<Reaction, 'emoji_id' | 'emoji_unicode' | 'emoji_name' | 'emoji_url'>;

/** Which emoji a reaction is: a custom emoji by id, a Unicode one by its fully-qualified text. */
export const emojiKey = (r: Pick<Reaction, 'emoji_id' | 'emoji_unicode'>): string =>
  r.emoji_id !== null ? `custom:${r.emoji_id}` : `unicode:${r.emoji_unicode ?? ''}`;

/** One chip of the reaction bar: an emoji, how many reacted with it, and whether the viewer did. */
export interface ReactionChipData {
  key: string;
  emoji: EmojiFields;
  count: number;
  /** The viewer's own reaction with this emoji, to remove on a click. */
  mine: Reaction | null;
  usernames: string[];
}

/** The chips of a message, in the order each emoji first appeared (as Discord and Slack show them). */
export function reactionChips(reactions: readonly Reaction[], viewerId: number | null): ReactionChipData[] {
  const chips = new Map<string, ReactionChipData>();
  for (const reaction of reactions) {
    const key = emojiKey(reaction);
    let chip = chips.get(key);
    if (!chip) {
      const { emoji_id, emoji_unicode, emoji_name, emoji_url } = reaction;
      chip = { key, emoji: { emoji_id, emoji_unicode, emoji_name, emoji_url }, count: 0, mine: null, usernames: [] };
      chips.set(key, chip);
    }
    chip.count += 1;
    chip.usernames.push(reaction.username);
    if (reaction.user_id === viewerId) chip.mine = reaction;
  }
  return [...chips.values()];
}

/**
 * Adds a reaction, or puts it in the place of the one it stands for: the same id, the optimistic
 * stand-in it `replaces`, or the same user's reaction with the same emoji (the server keeps one per
 * user and emoji). So the live event and the answer to one's own add, in either order, leave one.
 */
export function upsertReaction(list: readonly Reaction[], reaction: Reaction, replaces?: number): Reaction[] {
  const key = emojiKey(reaction);
  const same = (r: Reaction) =>
    r.id === reaction.id || r.id === replaces || (r.user_id === reaction.user_id && emojiKey(r) === key);
  const at = list.findIndex(same);
  if (at < 0) return [...list, reaction];
  const rest = list.filter((r) => !same(r));
  rest.splice(at, 0, reaction);
  return rest;
}

export const withoutReaction = (list: readonly Reaction[], id: number): Reaction[] => list.filter((r) => r.id !== id);

/** A live `reaction_add` or `reaction_remove` applied to a message's reactions. */
export function applyReactionEvent(list: readonly Reaction[], type: string, reaction: Reaction): Reaction[] {
  return type === 'reaction_add' ? upsertReaction(list, reaction) : withoutReaction(list, reaction.id);
}

export const REACTION_EVENTS: ReadonlySet<string> = new Set(['reaction_add', 'reaction_remove']);

/** Changes to a custom emoji that reach every reaction made with it, in any channel or conversation. */
export const CUSTOM_EMOJI_EVENTS: ReadonlySet<string> = new Set(['custom_emoji_update', 'custom_emoji_delete']);

/**
 * `custom_emoji_delete` drops the reactions made with the emoji (the server's cascade took them);
 * `custom_emoji_update` shows its new name. Answers the list itself when no reaction used the emoji.
 */
export function applyCustomEmojiEvent(
  list: readonly Reaction[],
  type: string,
  emoji: { id: number; name?: string; url?: string },
): readonly Reaction[] {
  if (!list.some((r) => r.emoji_id === emoji.id)) return list;
  if (type === 'custom_emoji_delete') return list.filter((r) => r.emoji_id !== emoji.id);
  return list.map((r) =>
    r.emoji_id === emoji.id ? { ...r, emoji_name: emoji.name ?? r.emoji_name, emoji_url: emoji.url ?? r.emoji_url } : r,
  );
}

const NAMES_SHOWN = 10;

/** A piece of a reaction summary: a user's name (isolated when drawn) or the text between names. */
export type SummaryPart = { name: string } | { text: string };

/** 'alice, bob and carol reacted with 👍'; past ten names, the rest are counted. */
export function reactionSummaryParts(usernames: readonly string[], emojiLabel: string): SummaryPart[] {
  const shown = usernames.slice(0, NAMES_SHOWN);
  const others = usernames.length - shown.length;
  const parts: SummaryPart[] = [];
  shown.forEach((name, i) => {
    if (i > 0) parts.push({ text: i === shown.length - 1 && others === 0 ? ' and ' : ', ' });
    parts.push({ name });
  });
  if (others > 0) parts.push({ text: ` and ${others} ${others === 1 ? 'other' : 'others'}` });
  parts.push({ text: ` reacted with ${emojiLabel}` });
  return parts;
}

export const reactionSummary = (usernames: readonly string[], emojiLabel: string): string =>
  reactionSummaryParts(usernames, emojiLabel)
    .map((part) => ('name' in part ? part.name : part.text))
    .join('');

/**
 * Puts back a reaction whose removal failed, where the server lists it (by id), unless the same
 * user's reaction with that emoji is there again meanwhile.
 */
export function restoreReaction(list: readonly Reaction[], reaction: Reaction): Reaction[] {
  const key = emojiKey(reaction);
  if (list.some((r) => r.id === reaction.id || (r.user_id === reaction.user_id && emojiKey(r) === key))) {
    return [...list];
  }
  const at = list.findIndex((r) => r.id > reaction.id);
  return at < 0 ? [...list, reaction] : [...list.slice(0, at), reaction, ...list.slice(at)];
}

/** Whether adding emoji `key` would take the message past the different emoji it may carry (the server refuses that too). */
export function overEmojiCap(list: readonly Reaction[], key: string): boolean {
  const keys = new Set(list.map(emojiKey));
  return !keys.has(key) && keys.size >= REACTION_EMOJI_PER_MESSAGE_MAX;
}
