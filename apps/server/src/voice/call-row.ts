import type { DmCall } from '@hearth/protocol';

type EndReason = NonNullable<DmCall['end_reason']>;

/** A dm_calls row with what the call modal shows of both participants. */
export interface CallRow {
  id: string;
  caller_id: number;
  recipient_id: number;
  status: DmCall['status'];
  end_reason: EndReason | null;
  started_at: Date;
  answered_at: Date | null;
  ended_at: Date | null;
  duration_seconds: number | null;
  caller_muted: boolean;
  caller_deafened: boolean;
  recipient_muted: boolean;
  recipient_deafened: boolean;
  caller_username: string;
  caller_nickname: string | null;
  caller_image: string | null;
  recipient_username: string;
  recipient_nickname: string | null;
  recipient_image: string | null;
}

/** Calls are between friends, so each sees the other's picture whatever their profile blur. */
export const CALL_SELECT = `
  SELECT dc.id::text AS id, dc.caller_id, dc.recipient_id, dc.status, dc.end_reason, dc.started_at,
         dc.answered_at, dc.ended_at, dc.duration_seconds, dc.caller_muted, dc.caller_deafened,
         dc.recipient_muted, dc.recipient_deafened,
         a.username AS caller_username, a.nickname AS caller_nickname, a.profile_image_url AS caller_image,
         b.username AS recipient_username, b.nickname AS recipient_nickname, b.profile_image_url AS recipient_image
    FROM dm_calls dc JOIN users a ON a.id = dc.caller_id JOIN users b ON b.id = dc.recipient_id`;

export const ACTIVE = `('ringing', 'answered')`;

export function toDmCall(r: CallRow): DmCall {
  return {
    call_id: r.id,
    caller: {
      user_id: r.caller_id,
      username: r.caller_username,
      nickname: r.caller_nickname,
      profile_image_url: r.caller_image,
    },
    recipient: {
      user_id: r.recipient_id,
      username: r.recipient_username,
      nickname: r.recipient_nickname,
      profile_image_url: r.recipient_image,
    },
    status: r.status,
    started_at: r.started_at.toISOString(),
    answered_at: r.answered_at?.toISOString() ?? null,
    ended_at: r.ended_at?.toISOString() ?? null,
    duration_seconds: r.duration_seconds,
    caller_muted: r.caller_muted,
    caller_deafened: r.caller_deafened,
    recipient_muted: r.recipient_muted,
    recipient_deafened: r.recipient_deafened,
    end_reason: r.end_reason,
  };
}

/** Both participants' sessions hear of every change to a call. */
export const callAudience = (r: Pick<CallRow, 'caller_id' | 'recipient_id'>) => ({
  kind: 'users' as const,
  userIds: [r.caller_id, r.recipient_id],
});
