import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { UserUpdateEvent, VoiceParticipant } from '@hearth/protocol';
import { useServices } from '../../app/services';
import { useLiveEvent } from '../live/useLiveEvent';

export const voiceKeys = {
  all: ['voice'] as const,
  participants: (channelId: number) => ['voice', 'participants', channelId] as const,
};

/** Who is in a voice channel: fetched once, then kept by the live events (never stale on its own). */
export function useVoiceParticipants(channelId: number) {
  const { http } = useServices();
  return useQuery({
    queryKey: voiceKeys.participants(channelId),
    queryFn: async () =>
      (await http.get<{ participants: VoiceParticipant[] }>(`/voice/channels/${channelId}/participants`)).participants,
    staleTime: Infinity,
  });
}

type Patch = (list: VoiceParticipant[]) => VoiceParticipant[];
const patch = (qc: QueryClient, channelId: number, change: Patch) =>
  qc.setQueryData<VoiceParticipant[]>(voiceKeys.participants(channelId), (list) => (list ? change(list) : list));
const update =
  (userId: number, fields: Partial<VoiceParticipant>): Patch =>
  (list) =>
    list.map((p) => (p.user_id === userId ? { ...p, ...fields } : p));

const EVENTS = ['voice_user_joined', 'voice_user_left', 'voice_user_speaking', 'voice_user_mute_state_update'] as const;

interface VoiceEvent {
  channel_id: number;
  user_id?: number;
  participant?: VoiceParticipant;
  session_id?: string;
  is_speaking?: boolean;
  is_muted?: boolean;
  is_deafened?: boolean;
}

/**
 * A participant's new name or picture, as the member list takes it. Behind their profile blur the
 * picture is left out, as the server leaves it out of the list (the list goes to the whole group).
 */
const fromUserUpdate = (u: UserUpdateEvent): Partial<VoiceParticipant> => ({
  username: u.username,
  nickname: u.nickname,
  profile_image_url: u.profile_blur_enabled ? null : u.profile_image_url,
});

/**
 * Keeps every voice channel's list as the events say (spec 2 §7), mounted once in the shell; after
 * a reconnect whose missed events are gone, the lists are fetched again with every other query
 * (LiveBridge's resync). A participant's `user_update` (name, picture) is patched into every list
 * they are in, so a changed picture shows at once, as in the member list.
 */
export function useVoiceLiveUpdates(): void {
  const qc = useQueryClient();
  useLiveEvent<VoiceEvent>(EVENTS, (type, e) => {
    if (type === 'voice_user_joined' && e.participant) {
      const joined = e.participant;
      patch(qc, e.channel_id, (list) => [...list.filter((p) => p.user_id !== joined.user_id), joined]);
    } else if (type === 'voice_user_left') {
      patch(qc, e.channel_id, (list) =>
        list.filter((p) => !(p.user_id === e.user_id && p.session_id === e.session_id)),
      );
    } else if (type === 'voice_user_speaking') {
      patch(qc, e.channel_id, update(e.user_id!, { is_speaking: e.is_speaking ?? false }));
    } else {
      patch(
        qc,
        e.channel_id,
        update(e.user_id!, { is_muted: e.is_muted ?? false, is_deafened: e.is_deafened ?? false }),
      );
    }
  });
  useLiveEvent<UserUpdateEvent>(['user_update'], (_type, u) => {
    qc.setQueriesData<VoiceParticipant[]>({ queryKey: [...voiceKeys.all, 'participants'] }, (list) =>
      list?.some((p) => p.user_id === u.user_id) ? update(u.user_id, fromUserUpdate(u))(list) : list,
    );
  });
}
