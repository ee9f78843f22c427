import type { Role } from '@hearth/protocol';
// The zod-free home of the dependency rule the server applies too, so both sides agree.
import { applyPermissionChanges, type PermissionFlags } from '@hearth/protocol/rules';
import { GUARDIAN_USERNAME } from '@hearth/protocol/constants';

export type PermissionName = keyof PermissionFlags;

export interface GroupPermissionEntry {
  user: { id: number; user_id: number; username: string; role: Role };
  permissions: PermissionFlags;
}

/**
 * The full set after one switch is flipped: view off also turns post and upload off; post or
 * upload on also turns view on (spec 2 §4).
 */
export function togglePermission(current: PermissionFlags, name: PermissionName, on: boolean): PermissionFlags {
  const next = applyPermissionChanges(current, { [name]: on });
  // One flag at a time can never contradict itself, so the error branch is unreachable here.
  return 'error' in next ? current : next;
}

/** The system account is never listed (spec 2 §2, spec 3 §6). */
export function editableEntries(entries: readonly GroupPermissionEntry[]): GroupPermissionEntry[] {
  return entries.filter(
    (e) => e.user.role !== 'SYSTEM' && e.user.username.toLowerCase() !== GUARDIAN_USERNAME.toLowerCase(),
  );
}
