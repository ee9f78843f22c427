import type { ToastType } from '../../../ui';
import type { PermissionName } from './permission-rules';

export interface PermissionChange {
  permission: PermissionName;
  granted: boolean;
}

export interface PermissionNotice {
  type: ToastType;
  title: string;
  message: string;
}

const ORDER: PermissionName[] = ['can_view', 'can_post', 'can_upload'];
const VERBS: Record<PermissionName, string> = {
  can_view: 'view',
  can_post: 'post messages',
  can_upload: 'upload files',
};

/** 'a', 'a and b', 'a, b and c' (or 'or'). */
function list(words: string[], conjunction: 'and' | 'or'): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}`;
}

/** What the user may now do, or no longer do, in the group: 'post messages in "G"', 'see "G"'. */
function what(names: PermissionName[], group: string, conjunction: 'and' | 'or'): string {
  if (names.length === 1 && names[0] === 'can_view') return `see "${group}"`;
  return `${list(
    names.map((n) => VERBS[n]),
    conjunction,
  )} in "${group}"`;
}

/**
 * One toast for one change, naming every permission it turned on or off. A single post or upload
 * change reads as the spec's notice ('You can no longer post messages in "{group}"'); turning View
 * off, which also turns Post and Upload off, says all three at once.
 */
export function permissionNotice(group: string, changes: readonly PermissionChange[]): PermissionNotice {
  const pick = (granted: boolean) =>
    ORDER.filter((name) => changes.some((c) => c.permission === name && c.granted === granted));
  const granted = pick(true);
  const revoked = pick(false);
  const sentences = [
    ...(granted.length ? [`You can now ${what(granted, group, 'and')}`] : []),
    ...(revoked.length ? [`You can no longer ${what(revoked, group, 'or')}`] : []),
  ];
  const message = sentences.length > 1 ? sentences.map((s) => `${s}.`).join(' ') : (sentences[0] ?? '');
  const notice = (type: ToastType, title: string): PermissionNotice => ({ type, title, message });
  if (revoked.includes('can_view')) return notice('error', 'Access revoked');
  if (granted.includes('can_view')) return notice('success', 'Access granted');
  if (granted.length && revoked.length) return notice('info', 'Permissions changed');
  return granted.length ? notice('success', 'Permission granted') : notice('warning', 'Permission revoked');
}
