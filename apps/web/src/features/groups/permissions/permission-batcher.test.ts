import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSION_BATCH_MS, PermissionChangeBatcher, type PermissionChangeEvent } from './permission-batcher';

const none = { can_view: false, can_post: false, can_upload: false };
const all = { can_view: true, can_post: true, can_upload: true };

const event = (
  permission: PermissionChangeEvent['permission'],
  granted: boolean,
  permissions: PermissionChangeEvent['permissions'],
  group_id = 1,
): PermissionChangeEvent => ({ group_id, group_name: `Group ${group_id}`, permission, granted, permissions });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PermissionChangeBatcher', () => {
  it('announces the events of one change once, together, after a short quiet', () => {
    const announce = vi.fn();
    const batcher = new PermissionChangeBatcher(announce);
    batcher.add(event('can_view', false, none));
    vi.advanceTimersByTime(20);
    batcher.add(event('can_post', false, none));
    batcher.add(event('can_upload', false, none));
    vi.advanceTimersByTime(PERMISSION_BATCH_MS - 1);
    expect(announce).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(announce).toHaveBeenCalledOnce();
    expect(announce.mock.calls[0]![0]).toBe('Group 1');
    expect(announce.mock.calls[0]![1].map((e: PermissionChangeEvent) => e.permission)).toEqual([
      'can_view',
      'can_post',
      'can_upload',
    ]);
  });

  it('keeps groups apart, and starts a new batch when a different change begins', () => {
    const announce = vi.fn();
    const batcher = new PermissionChangeBatcher(announce);
    batcher.add(event('can_view', false, none, 1));
    batcher.add(event('can_post', false, none, 2));
    // Group 1 again, but ending in another set: the first change is complete.
    batcher.add(event('can_view', true, { ...none, can_view: true }, 1));
    expect(announce).toHaveBeenCalledOnce();
    expect(announce.mock.calls[0]![1]).toHaveLength(1);

    vi.advanceTimersByTime(PERMISSION_BATCH_MS);
    expect(announce).toHaveBeenCalledTimes(3);
    expect(announce.mock.calls.map((c) => c[0])).toEqual(['Group 1', 'Group 2', 'Group 1']);
  });

  it('drops what is waiting when disposed', () => {
    const announce = vi.fn();
    const batcher = new PermissionChangeBatcher(announce);
    batcher.add(event('can_post', true, all));
    batcher.dispose();
    vi.advanceTimersByTime(PERMISSION_BATCH_MS * 2);
    expect(announce).not.toHaveBeenCalled();
  });
});
