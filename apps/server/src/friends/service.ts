import type { FriendActionAnswer, FriendshipStatus, PublicUser } from '@hearth/protocol';
import { FRIEND_REQUEST_COOLDOWN_DAYS, FRIEND_TEXT } from '@hearth/protocol';
import type { AppContext } from '../context.js';
import type { Audience } from '../events/event-log.js';
import { inTransaction, type Queryable } from '../db/pool.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import { toPublicUser, toStrangerView, type UserRow } from '../users/user-row.js';
import { pushWhenAway } from '../push/notify.js';
import { lockPair, relationBetween, statusOf, type FriendshipRow } from './relation.js';

interface Target extends UserRow {
  friend_request_privacy: 'anyone' | 'friends_of_friends' | 'none';
  friend_request_cooldown_enabled: boolean;
}

const DAY_MS = 86_400_000;
const toUser = (_ctx: AppContext, userId: number): Audience => ({ kind: 'users', userIds: [userId] });

async function userById(db: Queryable, id: number): Promise<Target> {
  const { rows } = await db.query<Target>('SELECT * FROM users WHERE id = $1', [id]);
  if (!rows[0]) throw notFound(FRIEND_TEXT.userNotFound);
  return rows[0];
}

async function userByName(db: Queryable, username: string): Promise<Target> {
  const { rows } = await db.query<Target>('SELECT * FROM users WHERE lower(username) = lower($1)', [username]);
  if (!rows[0]) throw notFound(FRIEND_TEXT.userNotFound);
  return rows[0];
}

/** Whether the two have a friend in common (for a target accepting requests from friends of friends only). */
async function shareAFriend(db: Queryable, a: number, b: number): Promise<boolean> {
  const { rows } = await db.query<{ shared: boolean }>(
    `WITH friends_of AS (
       SELECT CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END AS id
         FROM friendships WHERE status = 'accepted' AND $1 IN (requester_id, addressee_id))
     SELECT EXISTS (
       SELECT 1 FROM friendships f JOIN friends_of x
         ON x.id = CASE WHEN f.requester_id = $2 THEN f.addressee_id ELSE f.requester_id END
        WHERE f.status = 'accepted' AND $2 IN (f.requester_id, f.addressee_id)) AS shared`,
    [a, b],
  );
  return rows[0]!.shared;
}

/** Days left of the cooldown after `target` declined `me`, or 0. */
async function cooldownDaysLeft(db: Queryable, target: Target, me: number): Promise<number> {
  if (!target.friend_request_cooldown_enabled) return 0;
  const { rows } = await db.query<{ declined_at: Date }>(
    'SELECT declined_at FROM friend_declines WHERE decliner_id = $1 AND requester_id = $2',
    [target.id, me],
  );
  if (!rows[0]) return 0;
  const left = rows[0].declined_at.getTime() + FRIEND_REQUEST_COOLDOWN_DAYS * DAY_MS - Date.now();
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}

async function publishAccepted(ctx: AppContext, friendshipId: number, requester: UserRow, accepter: UserRow) {
  await ctx.events.publish(
    'friend_request_accepted',
    { friendship_id: friendshipId, user: toPublicUser(accepter) },
    toUser(ctx, requester.id),
  );
  await ctx.events.publish(
    'friend_added',
    { friendship_id: friendshipId, user: toPublicUser(accepter) },
    toUser(ctx, requester.id),
  );
  await ctx.events.publish(
    'friend_added',
    { friendship_id: friendshipId, user: toPublicUser(requester) },
    toUser(ctx, accepter.id),
  );
}

/**
 * Sends a friend request by username, with every rule of spec 2 §5: not to oneself or a system
 * account, not across a block, not twice, the target's audience and cooldown. A request while
 * one is pending the other way accepts that one instead.
 */
export async function sendRequest(
  ctx: AppContext,
  me: UserRow,
  username: string,
): Promise<{ answer: FriendActionAnswer; created: boolean }> {
  const target = await userByName(ctx.db, username);
  if (target.id === me.id) throw badRequest(FRIEND_TEXT.notYourself);
  if (target.role === 'SYSTEM') throw badRequest(FRIEND_TEXT.notSystem);
  const outcome = await inTransaction(ctx.db, async (tx) => {
    await lockPair(tx, me.id, target.id);
    const r = await relationBetween(tx, me.id, target.id);
    if (r.iBlocked) throw forbidden(FRIEND_TEXT.youBlocked);
    if (r.theyBlocked) throw forbidden(FRIEND_TEXT.blockedYou);
    if (r.friendship?.status === 'accepted') throw conflict(FRIEND_TEXT.alreadyFriends);
    if (r.friendship && r.friendship.requester_id === me.id) throw conflict(FRIEND_TEXT.alreadySent);
    if (r.friendship) {
      await tx.query(`UPDATE friendships SET status = 'accepted', accepted_at = now() WHERE id = $1`, [
        r.friendship.id,
      ]);
      return { kind: 'accepted' as const, id: r.friendship.id, createdAt: r.friendship.created_at };
    }
    if (target.friend_request_privacy === 'none') throw forbidden(FRIEND_TEXT.notAccepting);
    if (target.friend_request_privacy === 'friends_of_friends' && !(await shareAFriend(tx, me.id, target.id)))
      throw forbidden(FRIEND_TEXT.notAccepting);
    const days = await cooldownDaysLeft(tx, target, me.id);
    if (days > 0) throw new HttpError(429, FRIEND_TEXT.cooldown(days));
    const { rows } = await tx.query<{ id: number; created_at: Date }>(
      `INSERT INTO friendships (requester_id, addressee_id, status) VALUES ($1, $2, 'pending') RETURNING id, created_at`,
      [me.id, target.id],
    );
    return { kind: 'sent' as const, id: rows[0]!.id, createdAt: rows[0]!.created_at.toISOString() };
  });
  if (outcome.kind === 'accepted') {
    await publishAccepted(ctx, outcome.id, target, me);
    return { answer: { message: FRIEND_TEXT.accepted, friendship_id: outcome.id }, created: false };
  }
  await ctx.events.publish(
    'friend_request_received',
    { friendship_id: outcome.id, created_at: outcome.createdAt, user: toStrangerView(me) },
    toUser(ctx, target.id),
  );
  pushWhenAway(ctx, target.id, {
    title: FRIEND_TEXT.pushTitle,
    body: FRIEND_TEXT.pushBody(me.nickname || me.username),
    tag: `friend-request-${me.id}`,
    data: { type: 'friends' },
  });
  return { answer: { message: FRIEND_TEXT.sent, friendship_id: outcome.id }, created: true };
}

/** A pending request the caller may act on: as its addressee (accept, decline) or requester (cancel). */
async function pendingRequest(ctx: AppContext, id: number, me: number, as: 'addressee' | 'requester') {
  const { rows } = await ctx.db.query<FriendshipRow>(`SELECT * FROM friendships WHERE id = $1 AND status = 'pending'`, [
    id,
  ]);
  const row = rows[0];
  if (!row || (as === 'addressee' ? row.addressee_id : row.requester_id) !== me)
    throw notFound(FRIEND_TEXT.requestNotFound);
  return row;
}

export async function accept(ctx: AppContext, me: UserRow, id: number): Promise<FriendActionAnswer> {
  const row = await pendingRequest(ctx, id, me.id, 'addressee');
  const { rowCount } = await ctx.db.query(
    `UPDATE friendships SET status = 'accepted', accepted_at = now() WHERE id = $1 AND status = 'pending'`,
    [id],
  );
  if (!rowCount) throw notFound(FRIEND_TEXT.requestNotFound);
  await publishAccepted(ctx, id, await userById(ctx.db, row.requester_id), me);
  return { message: FRIEND_TEXT.accepted, friendship_id: id };
}

export async function decline(ctx: AppContext, me: UserRow, id: number): Promise<FriendActionAnswer> {
  const row = await pendingRequest(ctx, id, me.id, 'addressee');
  await inTransaction(ctx.db, async (tx) => {
    const { rowCount } = await tx.query(`DELETE FROM friendships WHERE id = $1 AND status = 'pending'`, [id]);
    if (!rowCount) throw notFound(FRIEND_TEXT.requestNotFound);
    await tx.query(
      `INSERT INTO friend_declines (decliner_id, requester_id) VALUES ($1, $2)
       ON CONFLICT (decliner_id, requester_id) DO UPDATE SET declined_at = now()`,
      [me.id, row.requester_id],
    );
  });
  await ctx.events.publish(
    'friend_request_declined',
    { friendship_id: id, user: toStrangerView(me) },
    toUser(ctx, row.requester_id),
  );
  return { message: FRIEND_TEXT.declined, friendship_id: id };
}

export async function cancel(ctx: AppContext, me: UserRow, id: number): Promise<FriendActionAnswer> {
  const row = await pendingRequest(ctx, id, me.id, 'requester');
  const { rowCount } = await ctx.db.query(`DELETE FROM friendships WHERE id = $1 AND status = 'pending'`, [id]);
  if (!rowCount) throw notFound(FRIEND_TEXT.requestNotFound);
  await ctx.events.publish(
    'friend_request_cancelled',
    { friendship_id: id, user: toStrangerView(me) },
    toUser(ctx, row.addressee_id),
  );
  return { message: FRIEND_TEXT.cancelled, friendship_id: id };
}

/** Ends a friendship; both people are told. */
export async function remove(ctx: AppContext, me: UserRow, otherId: number): Promise<FriendActionAnswer> {
  const { rows } = await ctx.db.query<{ id: number }>(
    `DELETE FROM friendships WHERE status = 'accepted'
        AND LEAST(requester_id, addressee_id) = LEAST($1::bigint, $2::bigint)
        AND GREATEST(requester_id, addressee_id) = GREATEST($1::bigint, $2::bigint)
     RETURNING id`,
    [me.id, otherId],
  );
  if (!rows[0]) throw notFound(FRIEND_TEXT.notFriends);
  await ctx.events.publish('friend_removed', { user_id: otherId }, toUser(ctx, me.id));
  await ctx.events.publish('friend_removed', { user_id: me.id }, toUser(ctx, otherId));
  return { message: FRIEND_TEXT.removed, friendship_id: rows[0].id };
}

/** Blocks a user: their friendship or pending request goes, and neither can ask again until unblocked. */
export async function block(ctx: AppContext, me: UserRow, otherId: number): Promise<FriendActionAnswer> {
  if (otherId === me.id) throw badRequest(FRIEND_TEXT.cannotBlockYourself);
  const other = await userById(ctx.db, otherId);
  if (other.role === 'SYSTEM') throw badRequest(FRIEND_TEXT.cannotBlockSystem);
  const ended = await inTransaction(ctx.db, async (tx) => {
    await lockPair(tx, me.id, other.id);
    await tx.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      me.id,
      other.id,
    ]);
    const { rows } = await tx.query<FriendshipRow>(
      `DELETE FROM friendships
        WHERE LEAST(requester_id, addressee_id) = LEAST($1::bigint, $2::bigint)
          AND GREATEST(requester_id, addressee_id) = GREATEST($1::bigint, $2::bigint)
       RETURNING *`,
      [me.id, other.id],
    );
    return rows[0] ?? null;
  });
  if (ended?.status === 'accepted') {
    await ctx.events.publish('friend_removed', { user_id: other.id }, toUser(ctx, me.id));
    await ctx.events.publish('friend_removed', { user_id: me.id }, toUser(ctx, other.id));
  } else if (ended) {
    // A pending request between them is withdrawn for the other side, whichever way it went.
    await ctx.events.publish(
      'friend_request_cancelled',
      { friendship_id: ended.id, user: toStrangerView(me) },
      toUser(ctx, other.id),
    );
  }
  return { message: FRIEND_TEXT.blocked, friendship_id: null };
}

export async function unblock(ctx: AppContext, me: UserRow, otherId: number): Promise<FriendActionAnswer> {
  const { rowCount } = await ctx.db.query('DELETE FROM blocks WHERE blocker_id = $1 AND blocked_id = $2', [
    me.id,
    otherId,
  ]);
  if (!rowCount) throw notFound(FRIEND_TEXT.notBlocked);
  return { message: FRIEND_TEXT.unblocked, friendship_id: null };
}

export async function status(ctx: AppContext, me: UserRow, otherId: number): Promise<FriendshipStatus> {
  const other = await userById(ctx.db, otherId);
  return statusOf(me.id, other.id, await relationBetween(ctx.db, me.id, other.id));
}

type Listed = UserRow & { friendship_id: number; at: Date };
const listed = (rows: Listed[], view: (u: UserRow) => PublicUser = toPublicUser) =>
  rows.map((r) => ({ id: r.friendship_id, at: r.at.toISOString(), user: view(r) }));

export async function friends(ctx: AppContext, me: UserRow) {
  const { rows } = await ctx.db.query<Listed>(
    `SELECT u.*, f.id AS friendship_id, f.accepted_at AS at FROM friendships f
       JOIN users u ON u.id = CASE WHEN f.requester_id = $1 THEN f.addressee_id ELSE f.requester_id END
      WHERE f.status = 'accepted' AND $1 IN (f.requester_id, f.addressee_id)
      ORDER BY lower(COALESCE(u.nickname, u.username))`,
    [me.id],
  );
  return listed(rows).map((r) => ({ friendship_id: r.id, since: r.at, user: r.user }));
}

export async function requests(ctx: AppContext, me: UserRow, direction: 'incoming' | 'outgoing') {
  const [mine, theirs] = direction === 'incoming' ? ['addressee_id', 'requester_id'] : ['requester_id', 'addressee_id'];
  const { rows } = await ctx.db.query<Listed>(
    `SELECT u.*, f.id AS friendship_id, f.created_at AS at FROM friendships f JOIN users u ON u.id = f.${theirs}
      WHERE f.status = 'pending' AND f.${mine} = $1 ORDER BY f.created_at DESC`,
    [me.id],
  );
  // A pending request is between people who are not friends (yet): the blur applies.
  return listed(rows, toStrangerView).map((r) => ({ id: r.id, friendship_id: r.id, created_at: r.at, user: r.user }));
}

export async function blocked(ctx: AppContext, me: UserRow) {
  const { rows } = await ctx.db.query<UserRow & { blocked_at: Date }>(
    `SELECT u.*, b.created_at AS blocked_at FROM blocks b JOIN users u ON u.id = b.blocked_id
      WHERE b.blocker_id = $1 ORDER BY b.created_at DESC`,
    [me.id],
  );
  return rows.map((r) => ({ blocked_at: r.blocked_at.toISOString(), user: toStrangerView(r) }));
}
