import { describe, expect, it } from 'vitest';
import type { AdminStorageRow, AdminUser } from '@hearth/protocol';
import { auditActionLabel, auditDetails, auditTarget } from './audit-format';
import { gaugeLevel } from './gauge-level';
import { reportDevice } from './report-device';
import { barWidth, storageCounts, usageLevel } from './storage-stats';
import { isListedUser, matchesSearch, userCounts } from './user-list';

const u = (id: number, username: string, role = 'USER', is_suspended = false): AdminUser => ({
  id,
  username,
  role,
  is_suspended,
});

const row = (user_id: number, storage_used: number, storage_percentage: number): AdminStorageRow => ({
  user_id,
  username: `user${user_id}`,
  role: 'USER',
  storage_used,
  storage_limit: 1024 ** 3,
  storage_used_formatted: '',
  storage_limit_formatted: '1 GB',
  storage_available_formatted: '',
  storage_percentage,
});

describe('users', () => {
  it('counts Total, Admins (any case), Suspended and Active (everyone not suspended)', () => {
    const users = [u(1, 'root', 'ADMIN'), u(2, 'mia', 'admin', true), u(3, 'bob', 'USER', true), u(4, 'eve')];
    expect(userCounts(users)).toEqual({ total: 4, admins: 2, suspended: 2, active: 2 });
    expect(userCounts([])).toEqual({ total: 0, admins: 0, suspended: 0, active: 0 });
  });

  it('searches by name, id or role, in any case; a blank search keeps all', () => {
    const alice = u(12, 'Alice', 'ADMIN');
    expect(matchesSearch(alice, 'ali')).toBe(true);
    expect(matchesSearch(alice, '  LICE ')).toBe(true);
    expect(matchesSearch(alice, '12')).toBe(true);
    expect(matchesSearch(alice, 'admin')).toBe(true);
    expect(matchesSearch(alice, 'bob')).toBe(false);
    expect(matchesSearch(alice, '   ')).toBe(true);
  });

  it('hides Guardian and SYSTEM accounts', () => {
    expect(isListedUser({ username: 'Guardian', role: 'USER' })).toBe(false);
    expect(isListedUser({ username: 'bot', role: 'system' })).toBe(false);
    expect(isListedUser({ username: 'alice', role: 'USER' })).toBe(true);
  });
});

describe('storage', () => {
  it('counts Total in GB with one decimal, Users, Near Limit (over 90 %) and Avg Usage with one decimal', () => {
    const rows = [row(1, 1024 ** 3, 100), row(2, 512 * 1024 ** 2, 90), row(3, 0, 90.1), row(4, 0, 0)];
    expect(storageCounts(rows)).toEqual({ totalGb: '1.5', users: 4, nearLimit: 2, averagePercent: '70.0' });
    expect(storageCounts([])).toEqual({ totalGb: '0.0', users: 0, nearLimit: 0, averagePercent: '0.0' });
  });

  it('colours the bar low up to 75 %, medium above, high above 90, and never draws past 100 %', () => {
    expect([0, 75, 75.1, 90, 90.1, 250].map(usageLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
    expect([-5, 42, 100, 250].map(barWidth)).toEqual([0, 42, 100, 100]);
  });
});

describe('system gauges', () => {
  it('warn above 60 % and alarm above 80 %', () => {
    expect([0, 60, 60.5, 80, 80.1, 100].map(gaugeLevel)).toEqual([
      'normal',
      'normal',
      'warning',
      'warning',
      'danger',
      'danger',
    ]);
  });
});

describe('data reports and the audit log', () => {
  it("show a report's device as platform and screen size", () => {
    expect(reportDevice({ device_info: { platform: 'Linux x86_64', screen: { width: 1920, height: 1080 } } })).toBe(
      'Linux x86_64, 1920×1080',
    );
    expect(reportDevice({ device_info: null })).toBe('Unknown');
  });

  it('name actions, targets and details', () => {
    expect(auditActionLabel('suspend')).toBe('Suspended');
    expect(auditActionLabel('something_new')).toBe('something_new');
    expect(auditTarget({ target_user_id: 4, target_username: 'bob' })).toBe('bob');
    expect(auditTarget({ target_user_id: 4, target_username: null })).toBe('#4');
    expect(auditDetails({ reason: 'spam', old_role: 'ADMIN', empty: null, sent_count: 3 })).toBe(
      'reason: spam; old role: ADMIN; sent count: 3',
    );
  });
});
