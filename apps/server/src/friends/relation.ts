import type { FriendshipStatus } from '@hearth/protocol';
import type { Queryable } from '../db/pool.js';

export interface FriendshipRow {
  id: number;
  requester_id: number;
  addressee_id: number;
  status: 'pending' | 'accepted';
  created_at: string;
  accepted_at: string | null;
}

/** Everything that stands between two users: their friendship or request, and blocks either way. */
export interface Relation {
  friendship: FriendshipRow | null;
  iBlocked: boolean;
  theyBlocked: boolean;
}

export async function relationBetween(db: Queryable, me: number, other: number): Promise<Relation> {
  const { rows } = await db.query<{ friendship: FriendshipRow | null; i_blocked: boolean; they_blocked: boolean }>(
    `SELECT (SELECT row_to_json(f) FROM friendships f
              WHERE LEAST(f.requester_id, f.addressee_id) = LEAST($1::bigint, $2::bigint)
                AND GREATEST(f.requester_id, f.addressee_id) = GREATEST($1::bigint, $2::bigint)) AS friendship,
            EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $1 AND blocked_id = $2) AS i_blocked,
            EXISTS (SELECT 1 FROM blocks WHERE blocker_id = $2 AND blocked_id = $1) AS they_blocked`,
    [me, other],
  );
  const row = rows[0]!;
  return { friendship: row.friendship, iBlocked: row.i_blocked, theyBlocked: row.they_blocked };
}

/** The relation as the spec names it (spec 2 §3), seen from `me`; a block outranks everything else. */
export function statusOf(me: number, other: number, r: Relation): FriendshipStatus {
  const id = r.friendship?.id ?? null;
  if (me === other) return { status: 'self', friendship_id: null };
  if (r.iBlocked) return { status: 'blocked_by_you', friendship_id: null };
  if (r.theyBlocked) return { status: 'blocked_by_them', friendship_id: null };
  if (!r.friendship) return { status: 'none', friendship_id: null };
  if (r.friendship.status === 'accepted') return { status: 'friends', friendship_id: id };
  return { status: r.friendship.requester_id === me ? 'request_sent' : 'request_received', friendship_id: id };
}

/** Serialises changes to one pair of users (two requests crossing, a request and a block). */
export const lockPair = (db: Queryable, a: number, b: number) =>
  db.query('SELECT pg_advisory_xact_lock(LEAST($1::bigint, $2::bigint)::int, GREATEST($1::bigint, $2::bigint)::int)', [
    a,
    b,
  ]);
