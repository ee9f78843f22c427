import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DevicesAnswer, RevokeOthersAnswer } from '@hearth/protocol';
import { DEVICE_PENDING_POLL_MS, DEVICE_TEXT } from '@hearth/protocol/device-rules';
import { useServices } from '../../app/services';

export const deviceKeys = { all: ['devices'] as const };

/** The caller's devices; fetched again every 30 s while any is pending revocation (spec 3 §4). */
export function useDevices() {
  const { http } = useServices();
  return useQuery({
    queryKey: deviceKeys.all,
    queryFn: async () => (await http.get<DevicesAnswer>('/auth/devices')).devices,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((d) => !d.is_active) ? DEVICE_PENDING_POLL_MS : false),
  });
}

export function useRevokeDevice() {
  const { http } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>(`/auth/devices/${id}`),
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** Thrown when there is no stored refresh token to prove which device is asking (spec 3 §5). */
export class NoRefreshTokenError extends Error {
  constructor() {
    super(DEVICE_TEXT.noRefreshToken);
  }
}

/** Revoke All Other Devices, proven with this device's stored refresh token. */
export function useRevokeOtherDevices() {
  const { http, auth } = useServices();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => {
      // The store follows other tabs' rotations (storage events), so this is the latest one.
      const refreshToken = auth.get()?.refreshToken;
      if (!refreshToken) return Promise.reject(new NoRefreshTokenError());
      return http.post<RevokeOthersAnswer>('/auth/devices/revoke-others', { refresh_token: refreshToken });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
