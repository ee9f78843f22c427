import { describe, expect, it } from 'vitest';
import type { Device } from '@hearth/protocol';
import { arrangeDevices, currentDeviceScore, type ThisBrowser } from './current-device';
import { usedAgo } from './device-time';

const NOW = Date.parse('2025-06-01T12:00:00.000Z');
const secondsAgo = (s: number) => new Date(NOW - s * 1000).toISOString();

let nextId = 1;
function device(overrides: Partial<Device> = {}): Device {
  return {
    id: nextId++,
    device_name: 'Firefox on Windows',
    device_fingerprint: null,
    ip_address: '10.0.0.1',
    last_used_at: secondsAgo(3600),
    created_at: secondsAgo(86_400),
    is_active: true,
    ...overrides,
  };
}

const here: ThisBrowser = { fingerprint: 'fp-here', browser: 'Chrome', os: 'Linux' };

describe('currentDeviceScore (spec 3 §4)', () => {
  it('gives 100 for the fingerprint, 50 for the browser, 20 more for the OS, 30 or 10 for recent use', () => {
    const cases: [Partial<Device>, number][] = [
      [{ device_fingerprint: 'fp-here' }, 100],
      [{ device_fingerprint: 'fp-other' }, 0],
      [{ device_name: 'Chrome on Windows' }, 50],
      [{ device_name: 'Chrome on Linux' }, 70],
      [{ device_name: 'chrome on linux' }, 70],
      // The OS counts only with the browser.
      [{ device_name: 'Firefox on Linux' }, 0],
      [{ device_name: 'Chrome' }, 50],
      [{ last_used_at: secondsAgo(29) }, 30],
      [{ last_used_at: secondsAgo(30) }, 10],
      [{ last_used_at: secondsAgo(119) }, 10],
      [{ last_used_at: secondsAgo(120) }, 0],
      [{ device_fingerprint: 'fp-here', device_name: 'Chrome on Linux', last_used_at: secondsAgo(5) }, 200],
    ];
    for (const [overrides, score] of cases) {
      expect(currentDeviceScore(device(overrides), here, NOW), JSON.stringify(overrides)).toBe(score);
    }
  });

  it('matches nothing this browser does not know', () => {
    const unknown: ThisBrowser = { fingerprint: null, browser: null, os: null };
    expect(currentDeviceScore(device({ device_fingerprint: null, device_name: '' }), unknown, NOW)).toBe(0);
  });
});

describe('arrangeDevices', () => {
  it('puts the top scorer first, marked current, and the rest newest-used first', () => {
    const old = device({ last_used_at: secondsAgo(7200) });
    const mine = device({ device_fingerprint: 'fp-here', last_used_at: secondsAgo(3000) });
    const recent = device({ last_used_at: secondsAgo(60) });
    const listed = arrangeDevices([old, mine, recent], here, NOW);
    expect(listed.map((d) => [d.id, d.is_current])).toEqual([
      [mine.id, true],
      [recent.id, false],
      [old.id, false],
    ]);
  });

  it('marks none current below 50, and then lists all newest-used first', () => {
    const a = device({ last_used_at: secondsAgo(10) }); // 30: recent, but another browser
    const b = device({ device_name: 'Firefox on Linux', last_used_at: secondsAgo(100) });
    const listed = arrangeDevices([b, a], here, NOW);
    expect(listed.map((d) => [d.id, d.is_current])).toEqual([
      [a.id, false],
      [b.id, false],
    ]);
  });

  it('takes a browser and OS match with recent use as current without a fingerprint (50 + 20 + 30)', () => {
    const other = device({ device_name: 'Chrome on Linux', last_used_at: secondsAgo(600) });
    const mine = device({ device_name: 'Chrome on Linux', last_used_at: secondsAgo(5) });
    const listed = arrangeDevices([other, mine], here, NOW);
    expect(listed[0]).toMatchObject({ id: mine.id, is_current: true });
    expect(listed[1]).toMatchObject({ id: other.id, is_current: false });
  });

  it('breaks a tie with the most recently used', () => {
    const older = device({ device_name: 'Chrome on Linux', last_used_at: secondsAgo(900) });
    const newer = device({ device_name: 'Chrome on Linux', last_used_at: secondsAgo(600) });
    expect(arrangeDevices([older, newer], here, NOW)[0]).toMatchObject({ id: newer.id, is_current: true });
  });

  it('counts a device with is_active false as pending, and never as this one', () => {
    const pending = device({ device_fingerprint: 'fp-here', is_active: false, last_used_at: secondsAgo(1) });
    const other = device({ last_used_at: secondsAgo(50) });
    const listed = arrangeDevices([pending, other], here, NOW);
    expect(listed.map((d) => [d.id, d.is_current, d.is_pending_revocation])).toEqual([
      [pending.id, false, true],
      [other.id, false, false],
    ]);
  });

  it('answers an empty list for no devices', () => {
    expect(arrangeDevices([], here, NOW)).toEqual([]);
  });
});

describe('usedAgo', () => {
  it('says just now, minutes, hours and days', () => {
    expect(usedAgo(secondsAgo(10), NOW)).toBe('Just now');
    expect(usedAgo(secondsAgo(60), NOW)).toBe('1 minute ago');
    expect(usedAgo(secondsAgo(150), NOW)).toBe('2 minutes ago');
    expect(usedAgo(secondsAgo(7200), NOW)).toBe('2 hours ago');
    expect(usedAgo(secondsAgo(86_400 * 3), NOW)).toBe('3 days ago');
    expect(usedAgo(secondsAgo(-5), NOW)).toBe('Just now');
  });
});
