import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CONVERSATION_USER_ID_MAX, conversationIdOf, conversationPair } from './conversation-id.js';

const userId = fc.integer({ min: 1, max: CONVERSATION_USER_ID_MAX });

describe('conversation ids', () => {
  it('are negative, the same in either order, and give back their pair', () => {
    fc.assert(
      fc.property(userId, userId, (a, b) => {
        fc.pre(a !== b);
        const id = conversationIdOf(a, b)!;
        expect(id).toBeLessThan(0);
        expect(Number.isSafeInteger(id)).toBe(true);
        expect(conversationIdOf(b, a)).toBe(id);
        expect(conversationPair(id)).toEqual([Math.min(a, b), Math.max(a, b)]);
      }),
      { numRuns: 20_000 },
    );
  });

  it('never collide: every pair among the first 1,500 users has its own id', () => {
    // 1,124,250 pairs; with the inverse above this is a check of the arithmetic, not of luck.
    const seen = new Set<number>();
    let pairs = 0;
    for (let a = 1; a <= 1500; a++)
      for (let b = a + 1; b <= 1500; b++) {
        seen.add(conversationIdOf(a, b)!);
        pairs++;
      }
    expect(seen.size).toBe(pairs);
  });

  it('are spread out: neighbouring pairs do not get neighbouring ids', () => {
    const ids = [conversationIdOf(1, 2)!, conversationIdOf(1, 3)!, conversationIdOf(2, 3)!];
    for (const id of ids) expect(Math.abs(id)).toBeGreaterThan(2 ** 32);
  });

  it('refuse what is not a pair of valid users', () => {
    expect(conversationIdOf(5, 5)).toBeNull();
    expect(conversationIdOf(0, 5)).toBeNull();
    expect(conversationIdOf(5, CONVERSATION_USER_ID_MAX + 1)).toBeNull();
    expect(conversationIdOf(1, CONVERSATION_USER_ID_MAX)).not.toBeNull();
    expect(conversationPair(5)).toBeNull();
    expect(conversationPair(-(2 ** 53))).toBeNull();
  });
});
