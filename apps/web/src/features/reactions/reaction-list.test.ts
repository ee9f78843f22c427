import { describe, expect, it } from 'vitest';
import { reaction } from '../../test/factories';
import {
  applyReactionEvent,
  overEmojiCap,
  reactionChips,
  reactionSummary,
  restoreReaction,
  upsertReaction,
} from './reaction-list';

const bob = { user_id: 8, username: 'bob' };

describe('reaction chips', () => {
  it('groups by emoji in order of first appearance, counting and marking the viewer’s own', () => {
    const list = [reaction(1, '👍', bob), reaction(2, '🎉'), reaction(3, '👍')];
    const chips = reactionChips(list, 7);
    expect(chips.map((c) => [c.emoji.emoji_unicode, c.count, c.mine?.id ?? null, c.usernames])).toEqual([
      ['👍', 2, 3, ['bob', 'alice']],
      ['🎉', 1, 2, ['alice']],
    ]);
    expect(reactionChips(list, 8).map((c) => c.mine?.id ?? null)).toEqual([1, null]);
  });
});

describe('keeping one reaction per user and emoji', () => {
  const stand = reaction(-1, '👍');
  const saved = reaction(40, '👍');

  it('leaves one reaction whether the answer or the live event comes first', () => {
    const answerFirst = applyReactionEvent(upsertReaction([stand], saved, stand.id), 'reaction_add', saved);
    const eventFirst = upsertReaction(applyReactionEvent([stand], 'reaction_add', saved), saved, stand.id);
    expect(answerFirst).toEqual([saved]);
    expect(eventFirst).toEqual([saved]);
  });

  it('keeps the place of what it replaces, and appends what is new', () => {
    const list = [reaction(1, '🎉', bob), stand, reaction(2, '🔥', bob)];
    expect(upsertReaction(list, saved, stand.id).map((r) => r.id)).toEqual([1, 40, 2]);
    expect(upsertReaction(list, reaction(50, '🚀', bob)).map((r) => r.id)).toEqual([1, -1, 2, 50]);
  });

  it('removes on reaction_remove and puts a failed removal back where it was', () => {
    const list = [reaction(1, '🎉', bob), reaction(5, '👍'), reaction(9, '🔥', bob)];
    const removed = applyReactionEvent(list, 'reaction_remove', reaction(5, '👍'));
    expect(removed.map((r) => r.id)).toEqual([1, 9]);
    expect(restoreReaction(removed, reaction(5, '👍')).map((r) => r.id)).toEqual([1, 5, 9]);
    // Added again meanwhile (another tab): not doubled.
    expect(restoreReaction([...removed, reaction(12, '👍')], reaction(5, '👍')).map((r) => r.id)).toEqual([1, 9, 12]);
  });
});

describe('limits and summaries', () => {
  it('stops a 21st different emoji, never one already there', () => {
    const twenty = [...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙'].map((e, i) => reaction(i + 1, e, bob));
    expect(overEmojiCap(twenty, 'unicode:😀')).toBe(false);
    expect(overEmojiCap(twenty, 'unicode:🎉')).toBe(true);
    expect(overEmojiCap(twenty.slice(1), 'unicode:🎉')).toBe(false);
  });

  it('names who reacted, counting the rest past ten', () => {
    expect(reactionSummary(['alice'], '👍')).toBe('alice reacted with 👍');
    expect(reactionSummary(['alice', 'bob'], '👍')).toBe('alice and bob reacted with 👍');
    expect(reactionSummary(['a', 'b', 'c'], '👍')).toBe('a, b and c reacted with 👍');
    const many = Array.from({ length: 12 }, (_, i) => `u${i}`);
    expect(reactionSummary(many, '👍')).toBe('u0, u1, u2, u3, u4, u5, u6, u7, u8, u9 and 2 others reacted with 👍');
  });
});
