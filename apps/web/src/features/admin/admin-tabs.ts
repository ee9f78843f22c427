/** The admin panel's tabs (spec 3 §2, then the audit log, ours): id and name. */
export const ADMIN_TABS = [
  { id: 'users', name: 'Users' },
  { id: 'storage', name: 'Storage' },
  { id: 'announcements', name: 'Announcements' },
  { id: 'system', name: 'System' },
  { id: 'app-version', name: 'App Version' },
  { id: 'data-reports', name: 'Data Reports' },
  { id: 'audit', name: 'Audit Log' },
] as const;

export type AdminTabId = (typeof ADMIN_TABS)[number]['id'];
