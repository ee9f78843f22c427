import type {
  AdminOperationAnswer,
  AdminUserActionAnswer,
  AnnouncementAnswer,
  DeleteReportsAnswer,
  GuardianAnswer,
  RecalculateAllStorageAnswer,
  RecalculateUserStorageAnswer,
  VoiceSessionsDebug,
} from '@hearth/protocol';
import type { HttpClient } from '../../lib/http';

/** The admin panel's writes (spec 3 §7 Admin), one function per call, for `useAdminWrite`. */
export const adminRequests = {
  promote: (http: HttpClient, id: number) => http.post<AdminUserActionAnswer>(`/admin/users/${id}/promote`),
  demote: (http: HttpClient, id: number) => http.post<AdminUserActionAnswer>(`/admin/users/${id}/demote`),
  setEmail: (http: HttpClient, { id, email }: { id: number; email: string }) =>
    http.put<AdminUserActionAnswer>(`/admin/users/${id}/email`, { email }),
  suspend: (http: HttpClient, { id, reason }: { id: number; reason: string }) =>
    http.post<AdminUserActionAnswer>(`/admin/users/${id}/suspend`, { reason }),
  unsuspend: (http: HttpClient, id: number) => http.post<AdminUserActionAnswer>(`/admin/users/${id}/unsuspend`),
  deleteUser: (http: HttpClient, id: number) => http.delete<AdminUserActionAnswer>(`/admin/users/${id}`),
  guardianMessage: (http: HttpClient, body: { user_id: number; title: string; content: string }) =>
    http.post<GuardianAnswer>('/admin/guardian/send-message', { ...body, message_type: 'admin_message' }),
  announcement: (http: HttpClient, body: { title: string; content: string }) =>
    http.post<AnnouncementAnswer>('/admin/guardian/send-announcement', {
      ...body,
      message_type: 'admin_announcement',
    }),
  recalculateUser: (http: HttpClient, id: number) =>
    http.post<RecalculateUserStorageAnswer>(`/admin/recalculate-storage/${id}`),
  recalculateAll: (http: HttpClient, _: void) =>
    http.post<RecalculateAllStorageAnswer>('/admin/recalculate-all-storage'),
  restartCoturn: (http: HttpClient, _: void) => http.post<AdminOperationAnswer>('/admin/coturn/restart'),
  cleanupVoice: (http: HttpClient, _: void) => http.post<AdminOperationAnswer>('/admin/voice/cleanup-sessions'),
  debugVoice: (http: HttpClient, _: void) => http.get<VoiceSessionsDebug>('/admin/voice/sessions/debug'),
  setAppVersion: (http: HttpClient, version: string) =>
    http.put<{ version: string }>('/admin/app-version', { version }),
  deleteReport: (http: HttpClient, id: number) =>
    http.delete<DeleteReportsAnswer>(`/admin/data-collection/reports/${id}`),
  deleteAllReports: (http: HttpClient, _: void) => http.delete<DeleteReportsAnswer>('/admin/data-collection/reports'),
};
