import { describe, expect, it } from 'vitest';
import type { PendingMessage } from '../../lib/outbox';
import { listRows, rowPlace } from './message-rows';
import { makeMessage } from './test-messages';
import { pickTabStop } from './useRovingFocus';

const pending = (nonce: string, createdAt: string, status: PendingMessage['status'] = 'sending'): PendingMessage => ({
  nonce,
  channelId: 1,
  recipientId: null,
  content: `pending ${nonce}`,
  createdAt,
  status,
  error: null,
  attachments: [],
  sensitiveIds: [],
});

const m1 = makeMessage(1);
const m2 = makeMessage(2, { nonce: 'n-held' });

describe('listRows', () => {
  it('puts the sends on their way after the history, leaving out those the history already holds', () => {
    const rows = listRows([m1, m2], [pending('n-held', m2.timestamp), pending('n-new', m2.timestamp)], true);
    expect(rows.map((r) => r.key)).toEqual(['m1', 'm2', 'pn-new']);
  });

  it('shows no sends while the window stops short of the newest messages', () => {
    expect(listRows([m1], [pending('n-new', m1.timestamp)], false).map((r) => r.key)).toEqual(['m1']);
  });
});

describe('rowPlace', () => {
  it('groups an own send under the own message just before it', () => {
    const soon = new Date(Date.parse(m1.timestamp) + 60_000).toISOString();
    const rows = listRows([m1], [pending('n', soon)], true);
    expect(rowPlace(rows, 1, false, 7)).toEqual({ dayLabel: null, grouped: true });
    // Someone else's view of the same rows: a different author starts a group.
    expect(rowPlace(rows, 1, false, 8).grouped).toBe(false);
  });

  it('labels the first day only when the window reaches the oldest message', () => {
    const rows = listRows([m1, m2], [], true);
    expect(rowPlace(rows, 0, false, 7).dayLabel).not.toBeNull();
    expect(rowPlace(rows, 0, true, 7)).toEqual({ dayLabel: null, grouped: false });
  });
});

describe('pickTabStop', () => {
  const rows = ['a', 'b', 'c', 'd'].map((key) => ({ key }));
  const at = (startIndex: number, endIndex: number) => ({ startIndex: 100 + startIndex, endIndex: 100 + endIndex });

  it('is the newest row on screen until a row has been focused', () => {
    expect(pickTabStop(rows, null, false, null, 100)).toBe('d');
    expect(pickTabStop(rows, null, false, at(0, 2), 100)).toBe('c');
  });

  it('stays on the last focused row while it is on screen or holds the focus', () => {
    expect(pickTabStop(rows, 'b', false, at(0, 3), 100)).toBe('b');
    expect(pickTabStop(rows, 'a', false, at(2, 3), 100)).toBe('d');
    expect(pickTabStop(rows, 'a', true, at(2, 3), 100)).toBe('a');
    expect(pickTabStop(rows, 'gone', false, at(0, 3), 100)).toBe('d');
    expect(pickTabStop([], null, false, null, 100)).toBeNull();
  });
});
