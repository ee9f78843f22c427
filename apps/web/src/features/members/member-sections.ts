import type { MemberEntry } from '@hearth/protocol';
import type { PresenceView } from '../presence';

export type MemberRow = { kind: 'heading'; label: string; count: number } | { kind: 'member'; member: MemberEntry };

/** Online members first, then offline, each in the server's display-name order, with a heading row each. */
export function memberRows(members: readonly MemberEntry[], presenceOf: (id: number) => PresenceView): MemberRow[] {
  const online: MemberEntry[] = [];
  const offline: MemberEntry[] = [];
  for (const m of members) (presenceOf(m.id).isOnline ? online : offline).push(m);
  const rows: MemberRow[] = [];
  if (online.length) rows.push({ kind: 'heading', label: 'Online', count: online.length });
  for (const member of online) rows.push({ kind: 'member', member });
  if (offline.length) rows.push({ kind: 'heading', label: 'Offline', count: offline.length });
  for (const member of offline) rows.push({ kind: 'member', member });
  return rows;
}
