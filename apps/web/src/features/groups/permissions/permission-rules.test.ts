import { describe, expect, it } from 'vitest';
import { editableEntries, togglePermission, type GroupPermissionEntry } from './permission-rules';

const all = { can_view: true, can_post: true, can_upload: true };
const none = { can_view: false, can_post: false, can_upload: false };

describe('togglePermission', () => {
  it('turning view off turns post and upload off', () => {
    expect(togglePermission(all, 'can_view', false)).toEqual(none);
  });

  it('turning post on turns view on, leaving upload alone', () => {
    expect(togglePermission(none, 'can_post', true)).toEqual({ can_view: true, can_post: true, can_upload: false });
  });

  it('turning upload on turns view on', () => {
    expect(togglePermission(none, 'can_upload', true)).toEqual({ can_view: true, can_post: false, can_upload: true });
  });

  it('turning post or upload off changes nothing else', () => {
    expect(togglePermission(all, 'can_post', false)).toEqual({ ...all, can_post: false });
    expect(togglePermission(all, 'can_upload', false)).toEqual({ ...all, can_upload: false });
  });

  it('turning view on leaves post and upload as they were', () => {
    expect(togglePermission(none, 'can_view', true)).toEqual({ ...none, can_view: true });
  });
});

describe('editableEntries', () => {
  const entry = (username: string, role: GroupPermissionEntry['user']['role']): GroupPermissionEntry => ({
    user: { id: username.length, user_id: username.length, username, role },
    permissions: all,
  });

  it('hides the system role and the guardian account', () => {
    const shown = editableEntries([
      entry('alice', 'USER'),
      entry('bot', 'SYSTEM'),
      entry('guardian', 'USER'),
      entry('Guardian', 'ADMIN'),
    ]);
    expect(shown.map((e) => e.user.username)).toEqual(['alice']);
  });
});
