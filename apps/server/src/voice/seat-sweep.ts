import type { AppContext } from '../context.js';
import { ONLINE_SQL } from '../presence/presence-row.js';
import { leaveVoiceIf } from './seats.js';

/**
 * Seats whose holder has no live connection. Presence takes a user out of voice when their last
 * connection goes, but a seat can be held without ever connecting (a join over REST alone) or
 * outlive the connections that took it (a restart): such a seat would stay forever and could fill
 * a channel. Every node sweeps: a seat's `attended_at` is moved on while its holder is live on any
 * node, and a seat whose holder has had no live connection for VOICE_SEAT_TIMEOUT_MS is freed as a
 * leave is (voice_user_left). The timeout is longer than a reload or a reconnection to another node
 * takes, so neither loses the seat.
 */

/** A seat `vp` not attended for `seconds` whose holder is not live now (`nodeTimeout`: presence's, in seconds). */
const abandoned = (seconds: string, nodeTimeout: string) =>
  `vp.attended_at < now() - make_interval(secs => ${seconds}) AND NOT ${ONLINE_SQL('vp.user_id', nodeTimeout)}`;

/** How often each node sweeps: a sixth of the timeout, within 0.25 to 5 s. */
const sweepEveryMs = (ctx: AppContext) => Math.max(250, Math.min(5_000, Math.floor(ctx.config.voiceSeatTimeoutMs / 6)));

/**
 * One sweep; resolves with how many seats it freed. `attended_at` is moved on at each sweep, but
 * only once it is half an interval old, so the nodes of a cluster do not each write every seat at
 * every sweep. It is then at most an interval behind the holder's last live moment, so a seat is
 * freed once it is the timeout plus an interval old: between the timeout and the timeout plus two
 * intervals after its holder's last connection went (30 to 40 s by default), never sooner.
 */
export async function sweepSeats(ctx: AppContext): Promise<number> {
  const everySec = sweepEveryMs(ctx) / 1000;
  const nodeTimeoutSec = ctx.config.presenceNodeTimeoutMs / 1000;
  await ctx.db.query(
    `UPDATE voice_participants vp SET attended_at = now()
      WHERE vp.attended_at < now() - make_interval(secs => $2) AND ${ONLINE_SQL('vp.user_id', '$1')}`,
    [nodeTimeoutSec, everySec / 2],
  );
  const values = [ctx.config.voiceSeatTimeoutMs / 1000 + everySec, nodeTimeoutSec];
  const { rows } = await ctx.db.query<{ user_id: number }>(
    `SELECT vp.user_id FROM voice_participants vp WHERE ${abandoned('$1', '$2')}`,
    values,
  );
  let freed = 0;
  // Each under its holder's seat lock, the condition checked again there: one who came back and
  // joined again meanwhile keeps the new seat. leaveVoiceIf's own values start at $2.
  for (const { user_id } of rows) if (await leaveVoiceIf(ctx, user_id, abandoned('$2', '$3'), values)) freed++;
  return freed;
}

/**
 * Sweeps once now (at start-up: seats a previous run left, whose holders have been gone for the
 * timeout, are freed before the server listens), then every few seconds. Answers the function that
 * stops it, waiting for a sweep under way.
 */
export async function startSeatSweep(ctx: AppContext): Promise<() => Promise<void>> {
  const freed = await sweepSeats(ctx);
  if (freed > 0) console.log(`Voice: freed ${freed} seat(s) whose holders have no live connection`);
  let running: Promise<unknown> = Promise.resolve();
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = sweepSeats(ctx)
      .catch((err: unknown) => console.error('[voice] seat sweep failed:', (err as Error).message))
      .finally(() => (busy = false));
  }, sweepEveryMs(ctx));
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
