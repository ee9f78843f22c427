import { describe, expect, it } from 'vitest';
import { badgeCount, formatRecentTime, attachmentsText } from './recent-time';

const now = new Date('2026-11-24T12:00:00');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('the DM list', () => {
  it('says how recent the last message is', () => {
    expect(formatRecentTime(ago(30_000), now)).toBe('Just now');
    expect(formatRecentTime(ago(5 * 60_000), now)).toBe('5m');
    expect(formatRecentTime(ago(3 * 3_600_000), now)).toBe('3h');
    expect(formatRecentTime(ago(2 * 86_400_000), now)).toBe('2d');
    expect(formatRecentTime(new Date('2026-10-01T12:00:00').toISOString(), now)).toMatch(/Oct/);
    expect(formatRecentTime(new Date('2025-10-01T12:00:00').toISOString(), now)).toMatch(/2025/);
  });

  it('names attachments', () => {
    expect(attachmentsText(1)).toBe('Sent an attachment');
    expect(attachmentsText(3)).toBe('Sent 3 attachments');
  });

  it('caps the badge at 99+', () => {
    expect(badgeCount(99)).toBe('99');
    expect(badgeCount(100)).toBe('99+');
  });
});
