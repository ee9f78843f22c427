import type { VoiceParticipant } from '@hearth/protocol';

/** A voice_participants row joined with what the voice list shows of its user. */
export interface ParticipantRow {
  user_id: number;
  channel_id: number;
  session_id: string;
  peer_id: string;
  is_muted: boolean;
  is_deafened: boolean;
  joined_at: Date;
  username: string;
  nickname: string | null;
  profile_image_url: string | null;
  profile_blur_enabled: boolean;
}

export const PARTICIPANT_SELECT = `
  SELECT vp.user_id, vp.channel_id, vp.session_id::text AS session_id, vp.peer_id, vp.is_muted, vp.is_deafened,
         vp.joined_at, u.username, u.nickname, u.profile_image_url, u.profile_blur_enabled
    FROM voice_participants vp JOIN users u ON u.id = vp.user_id`;

/**
 * As everyone who can view the channel sees the participant: the list goes to the whole group at
 * once, so a picture behind its owner's profile blur is left out for all, as for strangers.
 */
export function toParticipant(r: ParticipantRow): VoiceParticipant {
  return {
    user_id: r.user_id,
    username: r.username,
    nickname: r.nickname,
    profile_image_url: r.profile_blur_enabled ? null : r.profile_image_url,
    channel_id: r.channel_id,
    session_id: r.session_id,
    peer_id: r.peer_id,
    connection_state: 'connected',
    joined_at: r.joined_at.toISOString(),
    is_muted: r.is_muted,
    is_deafened: r.is_deafened,
    is_speaking: false,
  };
}
