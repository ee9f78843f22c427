import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminDataReportsAnswer,
  AdminStorageAnswer,
  AdminUsersAnswer,
  AuditLogAnswer,
  SystemResources,
  UserActivity,
} from '@hearth/protocol';
import { SYSTEM_REFRESH_MS } from '@hearth/protocol/admin-rules';
import { useServices } from '../../app/services';
import type { HttpClient } from '../../lib/http';
import { isListedUser } from './user-list';

/** The admin panel's server state (spec 3 §7 Admin); every write marks all of it stale. */
export const adminKeys = {
  all: ['admin'] as const,
  users: ['admin', 'users'] as const,
  storage: ['admin', 'storage'] as const,
  activity: (userId: number) => ['admin', 'activity', userId] as const,
  system: ['admin', 'system'] as const,
  reports: ['admin', 'reports'] as const,
  audit: ['admin', 'audit'] as const,
  appVersion: ['admin', 'app-version'] as const,
};

/** Audit entries per page. */
export const AUDIT_PAGE_SIZE = 50;

export function useAdminUsers() {
  const { http } = useServices();
  return useQuery({
    queryKey: adminKeys.users,
    queryFn: async () => (await http.get<AdminUsersAnswer>('/admin/users')).users.filter(isListedUser),
  });
}

export function useAdminStorage() {
  const { http } = useServices();
  return useQuery({
    queryKey: adminKeys.storage,
    queryFn: async () =>
      (await http.get<AdminStorageAnswer>('/admin/users/storage')).users.filter((row) =>
        isListedUser({ username: row.username, role: row.role }),
      ),
  });
}

/** A user's last sign-in and suspension, read fresh each time the dialog opens. */
export const activityQuery = (http: HttpClient, userId: number) => ({
  queryKey: adminKeys.activity(userId),
  queryFn: () => http.get<UserActivity>(`/admin/users/${userId}/activity`),
  staleTime: 0,
});

/**
 * The server's resources. The System tab mounts this only while it is the open tab (Radix Tabs keep
 * no hidden panel), so the 10 s refresh runs only then, and never in a hidden browser tab.
 */
export function useSystemResources(autoRefresh: boolean) {
  const { http } = useServices();
  return useQuery({
    queryKey: adminKeys.system,
    queryFn: () => http.get<SystemResources>('/admin/system/resources'),
    refetchInterval: autoRefresh ? SYSTEM_REFRESH_MS : false,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });
}

export function useDataReports() {
  const { http } = useServices();
  return useQuery({
    queryKey: adminKeys.reports,
    queryFn: async () => (await http.get<AdminDataReportsAnswer>('/admin/data-collection/reports')).reports,
  });
}

/** The audit log, newest first, a page at a time (`before` the oldest id shown). */
export function useAuditLog() {
  const { http } = useServices();
  return useInfiniteQuery({
    queryKey: adminKeys.audit,
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }) => {
      const before = pageParam === null ? '' : `&before=${pageParam}`;
      return (await http.get<AuditLogAnswer>(`/admin/audit?limit=${AUDIT_PAGE_SIZE}${before}`)).entries;
    },
    getNextPageParam: (page) => (page.length < AUDIT_PAGE_SIZE ? null : (page[page.length - 1]?.id ?? null)),
  });
}

export function useAppVersion() {
  const { http } = useServices();
  return useQuery({
    queryKey: adminKeys.appVersion,
    queryFn: async () => (await http.get<{ version: string }>('/admin/app-version')).version,
  });
}

/**
 * A write of the admin panel: `request` with the HTTP client; afterwards (success or not) every
 * admin list is stale, since one action shows in several tabs (a demotion in Users, Storage and the
 * audit log alike).
 */
export function useAdminWrite<V, R>(request: (http: HttpClient, variables: V) => Promise<R>) {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => request(http, variables),
    onSettled: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
