import { useQuery } from '@tanstack/react-query';
import type { EmailStatus, StorageUsage } from '@hearth/protocol';
import { useServices } from '../../../app/services';

/** The My Account tab's server state (spec 3 §3): the email status and the storage use. */
export const accountKeys = {
  emailStatus: ['account', 'email-status'] as const,
  storage: ['account', 'storage'] as const,
};

export function useEmailStatus() {
  const { http } = useServices();
  return useQuery({ queryKey: accountKeys.emailStatus, queryFn: () => http.get<EmailStatus>('/user/email-status') });
}

export function useStorageInfo() {
  const { http } = useServices();
  return useQuery({ queryKey: accountKeys.storage, queryFn: () => http.get<StorageUsage>('/upload/storage-info') });
}
