import { describe, expect, it } from 'vitest';
import { applyPermissionChanges, type PermissionSet } from './groups.js';

const all: PermissionSet = { can_view: true, can_post: true, can_upload: true };
const none: PermissionSet = { can_view: false, can_post: false, can_upload: false };

describe('group permission dependency rules', () => {
  it('turning off can_view turns off posting and uploading', () => {
    expect(applyPermissionChanges(all, { can_view: false })).toEqual(none);
  });
  it('turning on can_post or can_upload turns on can_view', () => {
    expect(applyPermissionChanges(none, { can_post: true })).toEqual({
      can_view: true,
      can_post: true,
      can_upload: false,
    });
    expect(applyPermissionChanges(none, { can_upload: true })).toEqual({
      can_view: true,
      can_post: false,
      can_upload: true,
    });
  });
  it('leaves the other flags alone otherwise', () => {
    expect(applyPermissionChanges(all, { can_post: false })).toEqual({
      can_view: true,
      can_post: false,
      can_upload: true,
    });
    expect(applyPermissionChanges(none, { can_view: true })).toEqual({
      can_view: true,
      can_post: false,
      can_upload: false,
    });
  });
  it('refuses an explicit contradiction', () => {
    expect(applyPermissionChanges(all, { can_view: false, can_upload: true })).toHaveProperty('error');
  });
});
