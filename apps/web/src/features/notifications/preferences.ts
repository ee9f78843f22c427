import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences, NotificationSettings } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useToast } from '../../ui';
import { useLiveEvent } from '../live/useLiveEvent';

/** Spec 1 §9: notification preferences are cached 30 s. */
export const PREFERENCES_STALE_MS = 30_000;

export const notificationKeys = {
  preferences: ['notification-preferences'] as const,
  settings: ['notification-settings'] as const,
};

const NONE: NotificationPreferences = { channel_preferences: [], group_preferences: [] };

export function useNotificationPreferences(): NotificationPreferences {
  const { http } = useServices();
  return (
    useQuery({
      queryKey: notificationKeys.preferences,
      queryFn: () => http.get<NotificationPreferences>('/user/notification-preferences'),
      staleTime: PREFERENCES_STALE_MS,
    }).data ?? NONE
  );
}

export function useNotificationSettings(): NotificationSettings | undefined {
  const { http } = useServices();
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => http.get<NotificationSettings>('/user/notification-settings'),
    staleTime: PREFERENCES_STALE_MS,
  }).data;
}

export const isChannelMuted = (prefs: NotificationPreferences, channelId: number) =>
  prefs.channel_preferences.some((p) => p.channel_id === channelId && p.is_muted);
export const isGroupMuted = (prefs: NotificationPreferences, groupId: number) =>
  prefs.group_preferences.some((p) => p.group_id === groupId && p.is_muted);
/** A channel is quiet when it or its group is muted. */
export const isQuiet = (prefs: NotificationPreferences, channelId: number, groupId: number) =>
  isChannelMuted(prefs, channelId) || isGroupMuted(prefs, groupId);

function withMute(
  prefs: NotificationPreferences,
  target: { kind: 'channel' | 'group'; id: number },
  muted: boolean,
): NotificationPreferences {
  if (target.kind === 'channel') {
    const rest = prefs.channel_preferences.filter((p) => p.channel_id !== target.id);
    return {
      ...prefs,
      channel_preferences: muted ? [...rest, { channel_id: target.id, is_muted: true }] : rest,
    };
  }
  const rest = prefs.group_preferences.filter((p) => p.group_id !== target.id);
  return { ...prefs, group_preferences: muted ? [...rest, { group_id: target.id, is_muted: true }] : rest };
}

/** Mutes or unmutes a channel or group; shown at once, put right if the server refuses. */
export function useSetMuted() {
  const { http } = useServices();
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: ({ kind, id, muted }: { kind: 'channel' | 'group'; id: number; muted: boolean }) =>
      kind === 'channel'
        ? http.post('/user/mute-channel', { channel_id: id, is_muted: muted })
        : http.post('/user/mute-group', { group_id: id, is_muted: muted }),
    onMutate: async ({ kind, id, muted }) => {
      await qc.cancelQueries({ queryKey: notificationKeys.preferences });
      qc.setQueryData<NotificationPreferences>(notificationKeys.preferences, (prefs) =>
        withMute(prefs ?? NONE, { kind, id }, muted),
      );
    },
    onError: (error) => {
      void qc.invalidateQueries({ queryKey: notificationKeys.preferences });
      toast.error('Update Failed', error instanceof Error ? error.message : 'Failed to update notification settings');
    },
  });
}

/** Another tab or device changed the mutes: take the new list (spec 1 §4 'preferences update'). */
export function useNotificationPreferenceUpdates() {
  const qc = useQueryClient();
  useLiveEvent<NotificationPreferences>(['notification_preferences_update'], (_type, prefs) =>
    qc.setQueryData(notificationKeys.preferences, prefs),
  );
}
