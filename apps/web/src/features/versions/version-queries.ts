import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppVersionUpdate, VersionInfo } from '@hearth/protocol';
import type { z } from 'zod';
import { useServices } from '../../app/services';
import { useLiveEvent } from '../live/useLiveEvent';

export const versionKeys = { info: ['version'] as const };

/** GET /version: the server's, the API's and the newest client's versions. */
export function useVersionInfo() {
  const { http } = useServices();
  return useQuery({
    queryKey: versionKeys.info,
    queryFn: () => http.get<z.infer<typeof VersionInfo>>('/version'),
    staleTime: 10 * 60_000,
  });
}

/**
 * A version pushed by an admin replaces the newest client version at once (spec 3 §4). One pushed
 * before this page's live session began is fetched again with everything else (`resync`).
 */
export function useVersionLiveUpdates(): void {
  const qc = useQueryClient();
  useLiveEvent<z.infer<typeof AppVersionUpdate>>(['app_version_update'], (_, data) => {
    qc.setQueryData<z.infer<typeof VersionInfo>>(versionKeys.info, (info) =>
      info ? { ...info, app_version: data.version } : info,
    );
    void qc.invalidateQueries({ queryKey: versionKeys.info });
  });
}
