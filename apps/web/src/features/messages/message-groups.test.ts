import { describe, expect, it } from 'vitest';
import { continuesGroup, GROUP_GAP_MS } from './message-groups';

const at = (iso: string, user_id: number | string = 7) => ({ user_id, timestamp: iso });
const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
const NOON = new Date(2025, 2, 3, 12, 0).toISOString();

describe('continuesGroup', () => {
  it('joins a message by the same author within 7 minutes of the one before', () => {
    expect(continuesGroup(at(NOON), at(later(NOON, 0)))).toBe(true);
    expect(continuesGroup(at(NOON), at(later(NOON, GROUP_GAP_MS - 1)))).toBe(true);
    expect(GROUP_GAP_MS).toBe(7 * 60_000);
  });

  it('starts a new group after the gap, for another author, or for the first message', () => {
    expect(continuesGroup(at(NOON), at(later(NOON, GROUP_GAP_MS)))).toBe(false);
    expect(continuesGroup(at(NOON, 7), at(later(NOON, 1_000), 8))).toBe(false);
    expect(continuesGroup(undefined, at(NOON))).toBe(false);
  });

  it('compares user ids by value, whether they arrive as numbers or strings', () => {
    expect(continuesGroup(at(NOON, '7'), at(later(NOON, 1_000), 7))).toBe(true);
  });

  it('never continues across midnight, where a date separator goes', () => {
    const late = new Date(2025, 2, 3, 23, 58).toISOString();
    const early = new Date(2025, 2, 4, 0, 1).toISOString();
    expect(continuesGroup(at(late), at(early))).toBe(false);
  });

  it("keeps a pin's system line apart: it joins no group, and the author's next message starts one", () => {
    const line = { ...at(NOON), message_type: 'system' };
    expect(continuesGroup(at(NOON), { ...line, timestamp: later(NOON, 1_000) })).toBe(false);
    expect(continuesGroup(line, at(later(NOON, 1_000)))).toBe(false);
  });

  it('does not join a message that sorts before the previous one', () => {
    expect(continuesGroup(at(later(NOON, 1_000)), at(NOON))).toBe(false);
  });
});
