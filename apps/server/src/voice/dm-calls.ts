import { randomUUID } from 'node:crypto';
import { VOICE_TEXT, type DmCall } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import { inTransaction, type DbClient, type Queryable } from '../db/pool.js';
import { relationBetween } from '../friends/relation.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type { UserRow } from '../users/user-row.js';
import { ACTIVE, CALL_SELECT, callAudience, toDmCall, type CallRow } from './call-row.js';
import { leaveAnyVoice } from './seats.js';

type EndReason = NonNullable<DmCall['end_reason']>;

/**
 * Serialises the call changes of one user, so "one active call per user" holds under concurrent
 * starts. Negative, so it never meets the friends' pair locks (two positive user ids).
 */
const CALL_LOCK_CLASS = -716_003;
const lockUsers = (tx: DbClient, ids: number[]) =>
  tx.query(`SELECT pg_advisory_xact_lock($1, (id % 2147483648)::int) FROM unnest($2::bigint[]) AS id ORDER BY id`, [
    CALL_LOCK_CLASS,
    ids,
  ]);

async function loadCall(db: Queryable, id: string): Promise<CallRow | null> {
  const { rows } = await db.query<CallRow>(`${CALL_SELECT} WHERE dc.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The statement that ends calls: the end time, the duration from the answer, and why. */
const END_SET = `status = $2, end_reason = $3, ended_at = now(),
  duration_seconds = CASE WHEN answered_at IS NULL THEN 0
                          ELSE floor(extract(epoch FROM now() - answered_at))::int END`;

/** Ends every active call of the user (joining a voice channel, starting another call, going offline). */
export async function endCallsOf(ctx: AppContext, userId: number, reason: EndReason): Promise<void> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `UPDATE dm_calls SET ${END_SET}
      WHERE (caller_id = $1 OR recipient_id = $1) AND status IN ${ACTIVE} RETURNING id::text AS id`,
    [userId, 'ended', reason],
  );
  for (const { id } of rows) await announce(ctx, 'dm_call_ended', id);
}

async function announce(ctx: AppContext, type: string, id: string): Promise<DmCall> {
  const row = (await loadCall(ctx.db, id))!;
  const call = toDmCall(row);
  await ctx.events.publish(type, call, callAudience(row));
  return call;
}

/**
 * POST /voice/dm/call/start (spec 2 §4): to a friend only, never the system account ('Cannot call
 * system users.'), never someone already in a call. The caller leaves any voice channel and any call
 * of their own first. The recipient's sessions ring with `dm_call_incoming`.
 */
export async function startCall(ctx: AppContext, caller: UserRow, recipientId: number): Promise<DmCall> {
  if (recipientId === caller.id) throw badRequest(VOICE_TEXT.callYourself);
  const { rows } = await ctx.db.query<{ role: string }>('SELECT role FROM users WHERE id = $1', [recipientId]);
  if (!rows[0]) throw notFound(VOICE_TEXT.callUserNotFound);
  if (rows[0].role === 'SYSTEM') throw forbidden(VOICE_TEXT.callSystemUser);
  const relation = await relationBetween(ctx.db, caller.id, recipientId);
  const friends = relation.friendship?.status === 'accepted' && !relation.iBlocked && !relation.theyBlocked;
  if (!friends) throw forbidden(VOICE_TEXT.callFriendsOnly);

  await leaveAnyVoice(ctx, caller.id);
  await endCallsOf(ctx, caller.id, 'ended');
  const id = randomUUID();
  await inTransaction(ctx.db, async (tx) => {
    await lockUsers(tx, [caller.id, recipientId]);
    const busy = await tx.query(
      `SELECT 1 FROM dm_calls WHERE (caller_id = $1 OR recipient_id = $1 OR caller_id = $2 OR recipient_id = $2)
          AND status IN ${ACTIVE}`,
      [recipientId, caller.id],
    );
    if (busy.rowCount) throw conflict(VOICE_TEXT.callBusy);
    await tx.query(`INSERT INTO dm_calls (id, caller_id, recipient_id, status) VALUES ($1, $2, $3, 'ringing')`, [
      id,
      caller.id,
      recipientId,
    ]);
  });
  return announce(ctx, 'dm_call_incoming', id);
}

/** The call with the caller in it; someone else's call is reported as missing. */
async function ownCall(db: Queryable, user: UserRow, id: string): Promise<CallRow> {
  const call = await loadCall(db, id);
  if (!call || (call.caller_id !== user.id && call.recipient_id !== user.id)) throw notFound(VOICE_TEXT.callNotFound);
  return call;
}

/**
 * POST /voice/dm/call/action: the recipient answers or declines a ringing call; either ends it,
 * ringing or answered. Each change is one conditional UPDATE, so two racing actions cannot both win.
 */
export async function callAction(
  ctx: AppContext,
  user: UserRow,
  id: string,
  action: 'answer' | 'decline' | 'end',
): Promise<DmCall> {
  const call = await ownCall(ctx.db, user, id);
  if (action !== 'end' && call.recipient_id !== user.id) throw forbidden(VOICE_TEXT.callOnlyRecipient);
  if (action === 'answer') {
    const answered = await ctx.db.query(
      `UPDATE dm_calls SET status = 'answered', answered_at = now() WHERE id = $1 AND status = 'ringing'`,
      [id],
    );
    if (!answered.rowCount) throw conflict(VOICE_TEXT.callNotRinging);
    // Answering takes the recipient out of any voice channel (spec 2 §4), as starting does the caller.
    await leaveAnyVoice(ctx, user.id);
    return announce(ctx, 'dm_call_answered', id);
  }
  const [status, reason, from] =
    action === 'decline' ? (['declined', 'declined', `('ringing')`] as const) : (['ended', 'ended', ACTIVE] as const);
  const changed = await ctx.db.query(`UPDATE dm_calls SET ${END_SET} WHERE id = $1 AND status IN ${from}`, [
    id,
    status,
    reason,
  ]);
  if (!changed.rowCount) throw conflict(action === 'decline' ? VOICE_TEXT.callNotRinging : VOICE_TEXT.callOver);
  return announce(ctx, action === 'decline' ? 'dm_call_declined' : 'dm_call_ended', id);
}

/** POST /voice/dm/call/mute-state: deafening mutes too; both sides hear of it. */
export async function setCallMuteState(
  ctx: AppContext,
  user: UserRow,
  id: string,
  body: { is_muted: boolean; is_deafened: boolean },
) {
  const call = await ownCall(ctx.db, user, id);
  const side = call.caller_id === user.id ? 'caller' : 'recipient';
  const muted = body.is_muted || body.is_deafened;
  const changed = await ctx.db.query(
    `UPDATE dm_calls SET ${side}_muted = $2, ${side}_deafened = $3 WHERE id = $1 AND status IN ${ACTIVE}`,
    [id, muted, body.is_deafened],
  );
  if (!changed.rowCount) throw conflict(VOICE_TEXT.callOver);
  const state = { call_id: id, user_id: user.id, is_muted: muted, is_deafened: body.is_deafened };
  await ctx.events.publish('dm_call_mute_state_update', state, callAudience(call));
  return state;
}

/** The other participant of an active call the user is in, for signals; refused otherwise. */
export async function callSignalTarget(ctx: AppContext, user: UserRow, id: string, target: number): Promise<void> {
  const call = await ownCall(ctx.db, user, id);
  if (call.status !== 'ringing' && call.status !== 'answered') throw conflict(VOICE_TEXT.callOver);
  const other = call.caller_id === user.id ? call.recipient_id : call.caller_id;
  if (target !== other) throw badRequest(VOICE_TEXT.callSignalTarget);
}

/**
 * Calls still ringing after the timeout end unanswered (`missed`, reason no_answer). Any node may run
 * this: the UPDATE hands each call to one of them.
 */
export async function endUnansweredCalls(ctx: AppContext): Promise<void> {
  const { rows } = await ctx.db.query<{ id: string }>(
    `UPDATE dm_calls SET ${END_SET}
      WHERE status = 'ringing' AND started_at < now() - make_interval(secs => $1 / 1000.0)
      RETURNING id::text AS id`,
    [ctx.config.dmCallRingTimeoutMs, 'missed', 'no_answer'],
  );
  for (const { id } of rows) await announce(ctx, 'dm_call_ended', id);
}
