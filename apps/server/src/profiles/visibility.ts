import type { Queryable } from '../db/pool.js';

/** What the blur rule needs to know of a user. */
export interface BlurSubject {
  id: number;
  role: string;
  profile_blur_enabled: boolean;
}

/**
 * Profile blur (spec 1 §9, spec 2 §2): a user who turned it on shows their picture, banner, bio and
 * attachments only to themself and their friends; Guardian is never hidden. The server leaves the
 * hidden parts out of what it sends rather than trusting the client to blur them.
 */
export const hiddenFrom = (viewerId: number, subject: BlurSubject, friendIds: ReadonlySet<number>) =>
  subject.profile_blur_enabled && subject.role !== 'SYSTEM' && subject.id !== viewerId && !friendIds.has(subject.id);

/** Which of `ids` are the viewer's friends: one query for a whole list. */
export async function friendsAmong(db: Queryable, viewerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { rows } = await db.query<{ id: number }>(
    `SELECT CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END AS id
       FROM friendships
      WHERE status = 'accepted' AND (requester_id = $1 OR addressee_id = $1)
        AND (CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END) = ANY($2::bigint[])`,
    [viewerId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** All of the user's friends' ids. */
export async function friendIdsOf(db: Queryable, userId: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT CASE WHEN requester_id = $1 THEN addressee_id ELSE requester_id END AS id
       FROM friendships WHERE status = 'accepted' AND (requester_id = $1 OR addressee_id = $1)`,
    [userId],
  );
  return rows.map((r) => r.id);
}

/** Leaves the picture out of users the viewer may not see behind their blur, in place. */
export async function hideBlurredPictures<T extends BlurSubject & { profile_image_url: string | null }>(
  db: Queryable,
  viewerId: number,
  users: T[],
): Promise<T[]> {
  const blurred = users.filter((u) => u.profile_blur_enabled && u.profile_image_url !== null);
  if (blurred.length === 0) return users;
  const friends = await friendsAmong(
    db,
    viewerId,
    blurred.map((u) => u.id),
  );
  for (const u of blurred) if (hiddenFrom(viewerId, u, friends)) u.profile_image_url = null;
  return users;
}
