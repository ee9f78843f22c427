import type { Queryable } from '../db/pool.js';

/**
 * How a user row is locked among the admins' rows: not at all (a check before the transaction), FOR NO
 * KEY UPDATE for an action that changes the row, FOR UPDATE for one that deletes it.
 */
export type UserLock = 'none' | 'change' | 'erase';

const CLAUSE: Record<UserLock, string> = { none: '', change: 'FOR NO KEY UPDATE', erase: 'FOR UPDATE' };

/**
 * Reads `columns` of every admin and of one user, locked in id order (the admins FOR NO KEY UPDATE, the
 * user as `lock` says), so that actions on users run one at a time and, always taking rows in the same
 * order as each other and as batches that lock users in id order, cannot deadlock.
 *
 * FOR NO KEY UPDATE conflicts with itself, so a racing action waits and then sees what the first one
 * committed, but not with the key share lock of inserts that reference these users: admins' messages
 * and uploads are not held up meanwhile. A row about to be deleted is taken FOR UPDATE at once, and
 * only that row: upgrading later would wait for an upload's key share lock while that upload's storage
 * charge waits for ours, a deadlock.
 */
export async function lockAdminsAndUser<Row extends { id: number }>(
  db: Queryable,
  columns: string,
  userId: number,
  lock: UserLock,
): Promise<Row[]> {
  if (lock !== 'erase') {
    const { rows } = await db.query<Row>(
      `SELECT ${columns} FROM users WHERE role = 'ADMIN' OR id = $1 ORDER BY id ${CLAUSE[lock]}`,
      [userId],
    );
    return rows;
  }
  const before = await db.query<Row>(
    `SELECT ${columns} FROM users WHERE role = 'ADMIN' AND id < $1 ORDER BY id FOR NO KEY UPDATE`,
    [userId],
  );
  const user = await db.query<Row>(`SELECT ${columns} FROM users WHERE id = $1 FOR UPDATE`, [userId]);
  const after = await db.query<Row>(
    `SELECT ${columns} FROM users WHERE role = 'ADMIN' AND id > $1 ORDER BY id FOR NO KEY UPDATE`,
    [userId],
  );
  return [...before.rows, ...user.rows, ...after.rows];
}
