import { describe, expect, it } from 'vitest';
import { dayKey, formatDay } from './format-time';

describe('formatDay', () => {
  const now = new Date(2025, 2, 5, 15, 0);
  it('names today and yesterday in the viewer’s time zone', () => {
    expect(formatDay(new Date(2025, 2, 5, 0, 1).toISOString(), now)).toBe('Today');
    expect(formatDay(new Date(2025, 2, 4, 23, 59).toISOString(), now)).toBe('Yesterday');
  });
  it('spells out older dates', () => {
    const label = formatDay(new Date(2025, 2, 1, 12, 0).toISOString(), now);
    expect(label).toContain('2025');
    expect(label).not.toBe('Yesterday');
  });
});

describe('dayKey', () => {
  it('separates local calendar days, not UTC ones', () => {
    expect(dayKey(new Date(2025, 2, 5, 0, 0).toISOString())).toBe(dayKey(new Date(2025, 2, 5, 23, 59).toISOString()));
    expect(dayKey(new Date(2025, 2, 5, 23, 59).toISOString())).not.toBe(
      dayKey(new Date(2025, 2, 6, 0, 0).toISOString()),
    );
  });
});
