import { describe, expect, it } from 'vitest';
import { permissionNotice } from './permission-notice';

const off = (permission: 'can_view' | 'can_post' | 'can_upload') => ({ permission, granted: false });
const on = (permission: 'can_view' | 'can_post' | 'can_upload') => ({ permission, granted: true });

describe('permissionNotice', () => {
  it("uses the spec's notices for a single post or upload change", () => {
    expect(permissionNotice('Team', [off('can_post')])).toEqual({
      type: 'warning',
      title: 'Permission revoked',
      message: 'You can no longer post messages in "Team"',
    });
    expect(permissionNotice('Team', [on('can_upload')])).toEqual({
      type: 'success',
      title: 'Permission granted',
      message: 'You can now upload files in "Team"',
    });
  });

  it('names all three when View off also turns Post and Upload off', () => {
    expect(permissionNotice('Team', [off('can_upload'), off('can_view'), off('can_post')])).toEqual({
      type: 'error',
      title: 'Access revoked',
      message: 'You can no longer view, post messages or upload files in "Team"',
    });
  });

  it('names View and Post when turning Post on also turns View on', () => {
    expect(permissionNotice('Team', [on('can_view'), on('can_post')])).toEqual({
      type: 'success',
      title: 'Access granted',
      message: 'You can now view and post messages in "Team"',
    });
    expect(permissionNotice('Team', [on('can_view')]).message).toBe('You can now see "Team"');
    expect(permissionNotice('Team', [off('can_view')]).message).toBe('You can no longer see "Team"');
  });

  it('says both when one change grants one thing and revokes another', () => {
    expect(permissionNotice('Team', [off('can_post'), on('can_upload')])).toEqual({
      type: 'info',
      title: 'Permissions changed',
      message: 'You can now upload files in "Team". You can no longer post messages in "Team".',
    });
  });
});
